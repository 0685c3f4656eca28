import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, createUser, login, type TestApp } from './helpers/test-app';

// Every registered route, called by a signed-in user who holds no role at all. The routes that do not
// refuse such a user (403) are listed here, each with the reason a user without rights may use it. A
// new route open to such a user must be added here on purpose, or it fails this test.
const OPEN_TO_ANY_SIGNED_IN_USER: Record<string, string> = {
  // the session itself
  'GET /sys/permission/getUserPermissionByToken': 'the menus and buttons of the caller (none for this user)',
  'GET /sys/user/getUserInfo': 'who the caller is, and the dictionaries (the original client)',
  'GET /sys/permission/getPermCode': "the caller's own buttons and codes (the original client)",
  'GET /sys/user/verifyIzDefaultPwd': 'whether the caller still has a default password (never)',
  'GET /sys/tenant/queryList': 'the tenants the caller belongs to, for the tenant switch',
  // the caller's own tenant memberships (modules/system/tenant/members.ts)
  'GET /sys/tenant/getCurrentUserTenant': 'the active tenants the caller belongs to',
  'GET /sys/tenant/getTenantListByUserId': "the caller's own memberships, applications and invitations",
  'GET /sys/tenant/getTenantPageListByUserId': "the caller's own tenants, paged",
  'PUT /sys/tenant/editOwnTenant': "edits the caller's current tenant: only its owner (or a tenant editor), never status or term",
  'POST /sys/tenant/editOwnTenant': "edits the caller's current tenant: only its owner (or a tenant editor), never status or term",
  'DELETE /sys/tenant/exitUserTenant': 'the caller leaves one of their own tenants (login password required, not its owner)',
  'POST /sys/tenant/changeOwenUserTenant': "hands a tenant to another member: only the tenant's owner (or a tenant editor of it)",
  'PUT /sys/tenant/agreeOrRefuseJoinTenant': 'the caller answers an invitation addressed to them',
  'PUT /sys/tenant/cancelApplyTenant': "the caller withdraws their own pending application",
  'POST /sys/tenant/joinTenantByHouseNumber': "files an application only (status 3): the tenant's user managers approve it",
  'GET /drag/page/refreshCache': 'answers done and changes nothing: the product has no dashboard designer cache',
  'PUT /sys/selectDepart': "switches the caller's own login department",
  'POST /sys/selectDepart': "switches the caller's own login department",
  'GET /sys/sysDepart/queryMyDeptTreeList': "the caller's own departments as a tree",
  'GET /sys/user/getCurrentUserDeparts': "the caller's own departments",
  // the caller's own account
  'PUT /sys/user/updatePassword': "changes the caller's own password (old password required)",
  'POST /sys/user/updatePassword': "changes the caller's own password (old password required)",
  // the caller's own sessions (modules/system/session, 安全设置 → 登录设备)
  'GET /sys/user/mySessions': "the caller's own signed-in sessions",
  'POST /sys/user/mySessions/logout': "signs out one of the caller's own sessions",
  'POST /sys/user/mySessions/logoutOthers': "signs out the caller's other sessions",
  // the account settings' phone and password changes (modules/system/account/settings.ts)
  'POST /sys/sendChangePwdSms': "a code to the caller's own bound number only (limited per number and address)",
  'POST /sys/user/sendChangePhoneSms': "a code to the caller's own number, or to a number no account holds (limited per number and address)",
  'PUT /sys/user/changePhone': "the caller's own number, with the codes of the current and the new number",
  'PUT /sys/user/updateMobile': "the caller's own number, with the codes of the current and the new number (the original's older call)",
  'POST /sys/user/sendLogOffPhoneSms': "a cancellation code to the caller's own bound number (signed, limited like every SMS)",
  'PUT /sys/user/userLogOff': "cancels the caller's own account with a code to its bound number; never the first or the last administrator",
  // confirms a sign-in QR code for the caller's own account (modules/system/login/qrcode.ts)
  'POST /sys/scanLoginQrcode': "confirms a QR code shown by a sign-in page: that page gets a session of the caller's own account",
  'PUT /sys/user/updatePasswordNotBindPhone': "the caller's own password (old password required), only while no number is bound",
  // the caller's own linked third-party accounts (modules/thirdlogin, 个人设置 → 账号绑定)
  'POST /sys/thirdApp/bindThirdAppAccount': "starts linking a provider's account to the caller (the provider's callback links it to the user who started)",
  'GET /sys/thirdApp/bindThirdAppAccount': "starts linking a provider's account to the caller (the provider's callback links it to the user who started)",
  'GET /sys/thirdApp/getThirdAccountByUserId': "the caller's own linked accounts",
  'DELETE /sys/thirdApp/deleteThirdAccount': "unlinks one of the caller's own accounts",
  // comments on an online form's record (modules/online/comment): the input is checked first, then the
  // form's list right and the record's visibility (403 without them)
  'GET /sys/comment/listByForm': "a record's comments, once the caller may see the record",
  'GET /sys/comment/fileList': "a record's comment files, once the caller may see the record",
  'GET /sys/comment/queryById': 'one comment, once the caller may see its record',
  'POST /sys/comment/addText': 'comments on a record the caller may see',
  'POST /sys/comment/addFile': "attaches a checked file to the caller's own comment",
  'DELETE /sys/comment/deleteOne': "the caller's own comment, or any with the form's delete right",
  'GET /sys/comment/getFileViewDomain': 'the address of the file preview server (configuration, no data)',
  // widgets every form uses, each answering only what the caller may see
  'GET /sys/dict/getDictItems/:code': 'dictionary options of forms; table dictionaries only from declared, non-sensitive sources',
  'GET /sys/dict/loadDict/:dict': 'search select options, same rules',
  'GET /sys/dict/loadDictItem/:dict': 'texts of chosen values, same rules',
  'GET /sys/dict/loadTreeData': 'dictionary tree select, same rules',
  'GET /sys/dict/queryAllDictItems': 'the dictionary cache of the browser (system dictionaries only)',
  'GET /sys/duplicate/check': 'form uniqueness checks; sensitive columns need the edit right',
  'GET /sys/user/checkOnlyUser': 'uniqueness of account, work number, phone and e-mail (free or taken only)',
  'GET /sys/category/loadTreeRoot': 'category tree select',
  'GET /sys/category/loadTreeChildren': 'category tree select',
  'GET /sys/category/loadOne': 'category tree select',
  'GET /sys/category/loadTreeData': 'category tree select',
  'GET /sys/category/loadDictItem': 'category texts of chosen values',
  'GET /sys/checkRule/checkByCode': 'form validation rules',
  'GET /sys/user/queryUserComponentData': 'user picker: picker fields of the caller\'s tenant only',
  'GET /sys/user/queryUserByDepId': 'user picker: picker fields of the caller\'s tenant only',
  'GET /sys/user/getMultiUser': 'user picker: picker fields of the caller\'s tenant only',
  'GET /sys/user/selectUserList': 'user picker (the 3.9 client\'s user select): active users of the caller\'s tenant, picker fields only',
  'GET /sys/position/queryByCodes': "position names behind codes (the original client's personal settings): the caller's tenant only, naming fields only",
  'GET /sys/sysDepart/queryTreeList': "department picker: the caller's tenant only",
  'GET /sys/sysDepart/queryDepartTreeSync': "department picker: the caller's tenant only",
  'GET /sys/sysDepart/queryIdTree': "department picker: the caller's tenant only",
  'GET /sys/sysDepart/searchBy': "department picker: the caller's tenant only",
  'GET /sys/sysDepart/getDepartPathNameByOrgCode': "department picker: path of names (总公司/研发部), the caller's tenant only",
  'GET /sys/sysDepart/queryAllParentId': "department picker: ids above the chosen ones, picker fields, the caller's tenant only",
  'GET /sys/sysDepart/getALLRankRelation': "post picker (JTabsSelectUser): posts of the caller's tenant, naming fields only",
  'GET /sys/user/queryDepartPostUserPageList': "user picker by department or post: picker fields of the caller's tenant only",
  'GET /sys/user/queryDepartPostByOrgCode': "user picker by department: picker fields of the caller's tenant only (contact details need system:user:list)",
  'GET /sys/user/login/setting/getUserData': "the caller's own record for the settings page",
  'POST /sys/user/login/setting/userEdit': "changes the caller's own name, avatar, sex, birthday only",
  'POST /sys/user/appEdit': "changes the caller's own name, avatar, sex, birthday, e-mail (unique) only; never a new phone number",
  'PUT /sys/user/appEdit': "changes the caller's own name, avatar, sex, birthday, e-mail (unique) only; never a new phone number",
  'GET /sys/sysDepart/queryDepartAndPostTreeSync': "department and post picker: the caller's tenant only, picker fields",
  'GET /sys/category/loadAllData': "category options of forms: the caller's tenant's categories",
  'GET /sys/sysRoleIndex/queryDefIndex': "the tenant's default home page, read by the client of every user at start",
  'GET /sys/sysRoleIndex/cleanDefaultIndexCache': 'nothing is cached here: answers success and changes nothing',
  // the caller's own notices (modules/notice): deliveries addressed to the caller in the caller's tenant only
  'GET /sys/annountCement/listByUser': "the caller's own notices",
  'GET /sys/annountCement/getUnreadMessageCount': "the number of the caller's own unread notices",
  'GET /sys/annountCement/queryById': 'a released announcement sent to the caller (any of the tenant with system:sysAnnouncement:list)',
  'PUT /sys/sysAnnouncementSend/editByAnntIdAndUserId': "marks one of the caller's own notices read",
  'POST /sys/sysAnnouncementSend/editByAnntIdAndUserId': "marks one of the caller's own notices read",
  'PUT /sys/sysAnnouncementSend/readAll': "marks all the caller's own notices read",
  'POST /sys/annountCement/clearAllUnReadMessage': "marks all the caller's own notices read (the original client's bell)",
  'GET /sys/sysAnnouncementSend/getMyAnnouncementSend': "我的消息: the caller's own notices, paged and searchable",
  'GET /sys/sysAnnouncementSend/getOne': "one of the caller's own notices",
  'GET /sys/annountCement/addVisitsNumber': 'counts a visit to a released announcement sent to the caller',
  'GET /sys/annountCement/syncNotic': "nudges the caller's own open pages to reload their bell",
  'DELETE /sys/sysAnnouncementSend/delete': "removes one of the caller's own notices from their list",
  'DELETE /sys/sysAnnouncementSend/deleteBatch': "removes some of the caller's own notices from their list",
  // (the notification socket /websocket/:userId is outside this sweep: public to the header guard, it checks
  // the token of the sub-protocol itself and accepts only the token's own user; see modules/notice/notice.test.ts)
  'POST /sys/common/upload': 'avatars and editor pictures; checked by type, content and size, stored under random names',
  'GET /sys/common/static/*': 'files, read back by their unguessable stored path',
  // (the tenant's figures, /sys/loginfo, /sys/visitInfo and /sys/dashboard/charts, need dashboard:analysis:view)
  // the home page and the workplace (modules/dashboard): the caller's own rows; the tenant's new users and
  // sign-ins only with dashboard:analysis:view; learning figures of the tenant only with students:teach, the
  // caller's own with students:study, else none
  'GET /sys/dashboard/analysis': "the caller's own announcements and learning (the home page); the tenant's figures answer null without dashboard:analysis:view",
  'GET /sys/dashboard/workplace': "the caller's own unread notices, recent operations and study tasks (the workplace)",
  // a class's sign-in cards and one student's password (modules/students/roster): the input is checked first,
  // then only the class's own teachers or holders of students:class:edit, for students of that class
  'POST /students/class/loginCards': "new first passwords for a class's students, by its teachers or class managers only",
  'POST /students/class/resetStudentPassword': "one student's new first password, by the class's teachers or class managers only",
  // a family's link (modules/students/family): only a code a class's teacher made for one student links,
  // wrong codes are counted per caller; an account with no role at all becomes the tenant's 家长 by it
  'POST /students/family/link': "links the caller to the one student a teacher's one-time code names (the caller becomes 家长)",
  'GET /sys/dashboard/tasks': "the caller's own unread notices; failed job runs only to holders of system:quartzJob:list (the task page)",
};

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.db, { username: 'no_role', password: 'NoRole#2026' });
  token = await login(t.app, 'no_role', 'NoRole#2026');
});
afterAll(() => t.close());

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, 'x').replace(/\*$/, 'x.png');

describe('a signed-in user without any role', () => {
  it('reaches only the routes listed with a reason', async () => {
    const apiBase = t.config.apiBase;
    const reached: string[] = [];
    const routes = t.app.declaredRoutes().filter((r) => r.url.startsWith(`${apiBase}/`) && !r.config.public);
    expect(routes.length).toBeGreaterThan(100);
    for (const r of routes) {
      for (const method of [r.method].flat()) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        const res = await t.app.inject({ method: method as 'GET', url: concrete(r.url), headers: { ...auth(token), 'content-type': 'application/json' }, payload: method === 'GET' || method === 'DELETE' ? undefined : '{}' });
        // reachable: not refused for want of a permission (it may still refuse the made-up input)
        if (res.statusCode !== 403 && res.statusCode !== 401) reached.push(`${method} ${r.url.slice(apiBase.length)}`);
        // never a server error, whatever the input
        expect(res.statusCode, `${method} ${r.url}`).toBeLessThan(500);
      }
    }
    expect(reached.filter((k) => !(k in OPEN_TO_ANY_SIGNED_IN_USER)), 'routes a user without rights reaches but are not listed').toEqual([]);
    expect(Object.keys(OPEN_TO_ANY_SIGNED_IN_USER).filter((k) => !reached.includes(k)), 'listed routes that are in fact refused').toEqual([]);
  });
});
