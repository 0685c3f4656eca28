// Component paths of the original platform's Vue 3 client, and the page of ours each one opens. Seeded
// menus store these paths, so one menu table opens pages in either client; our own page paths
// ('system/user/UserList') keep working too. The one place where the two naming schemes meet.
export const ORIGINAL_PAGES: Readonly<Record<string, string>> = {
  'dashboard/Analysis/index': 'dashboard/Analysis',
  'dashboard/workbench/index': 'dashboard/Workplace',
  'system/user/index': 'system/user/UserList',
  'system/role/index': 'system/role/RoleList',
  'system/menu/index': 'system/permission/PermissionList',
  'system/depart/index': 'system/depart/DepartList',
  'system/position/index': 'system/position/PositionList',
  'system/tenant/index': 'system/tenant/TenantList',
  'system/address/index': 'system/addressbook/AddressBook',
  'system/dict/index': 'system/dict/DictList',
  'system/category/index': 'system/category/CategoryList',
  'system/checkRule/index': 'system/checkrule/CheckRuleList',
  'system/fillRule/index': 'system/fillrule/FillRuleList',
  'system/tableWhiteList/SysTableWhiteListList': 'system/dict/DictSourceList',
  'system/usersetting/UserSetting': 'account/settings/Base',
  'system/ugroup/SysUgroupList': 'system/ugroup/UserGroupList',
  'system/homeConfig/index': 'system/homeconfig/HomeConfigList',
  // 安全教育 (issue 12)
  'education/course/index': 'students/backoffice/course/CourseList',
  'education/picture/index': 'students/backoffice/picture/PictureList',
  'education/video/index': 'students/backoffice/video/VideoList',
  'education/poster/index': 'students/backoffice/poster/PosterList',
  'education/skill/index': 'students/backoffice/skill/SkillList',
  'education/theoryQuestion/index': 'students/backoffice/theoryQuestion/TheoryQuestionList',
  'education/paper/index': 'students/backoffice/paper/PaperList',
  'education/dangerQuestion/index': 'students/backoffice/dangerQuestion/DangerQuestionList',
  'education/hazardClip/index': 'students/backoffice/hazardClip/HazardClipList',
  'education/activity/index': 'students/backoffice/activity/ActivityList',
  'education/creditRule/index': 'students/backoffice/creditRule/CreditRuleList',
  'education/class/index': 'students/backoffice/class/ClassList',
  'education/competitionTeam/index': 'students/backoffice/competitionTeam/CompetitionTeamList',
  'education/competitionTeamPerson/index': 'students/backoffice/competitionTeamPerson/CompetitionTeamPersonList',
  'education/works/index': 'students/backoffice/works/WorksList',
  'education/certificate/index': 'students/backoffice/certificate/CertificateList',
  // 通知公告 and 我的消息 (issue 13)
  'system/notice/index': 'notice/NoticeList',
  'monitor/mynews/index': 'notice/MyAnnouncements',
  // 消息模板 and 消息管理 (issue 13)
  'system/message/template/index': 'message/TemplateList',
  'system/message/manage/index': 'message/MessageList',
  // 定时任务 and 日志管理 (issue 14)
  'monitor/quartz/index': 'monitor/quartz/QuartzList',
  'monitor/log/index': 'monitor/log/LogList',
  // 在线用户 and 性能监控 (issue 14); the JVM page is the Node.js runtime page
  'system/onlineuser/OnlineUserList': 'monitor/online/OnlineUserList',
  'monitor/server/index': 'monitor/server/ServerInfo',
  'monitor/server/Runtime': 'monitor/server/Runtime',
  'monitor/disk/DiskInfo': 'monitor/server/DiskInfo',
  'monitor/redis/index': 'monitor/server/RedisInfo',
  'monitor/trace/index': 'monitor/server/HttpTrace',
  // 数据日志 and 文件管理 (issue 14)
  'monitor/datalog/index': 'monitor/datalog/DataLogList',
  'system/ossfile/index': 'system/ossfile/OssFileList',
  // 多数据源管理 and 路由网关 (issue 14)
  'monitor/datasource/index': 'system/datasource/DataSourceList',
  'monitor/route/index': 'monitor/route/RouteList',
  // 在线开发 (issue 15): the two builders, a form's generated list (plain and tree) and a report's page
  'super/online/cgform/index': 'online/cgform/CgformList',
  'super/online/cgform/auto/default/OnlineAutoList': 'online/cgform/OnlineAutoList',
  'super/online/cgform/auto/tree/OnlineAutoTreeList': 'online/cgform/OnlineAutoTreeList',
  // the original's other list themes open our one generated page (sub tables as tabs)
  'super/online/cgform/auto/erp/OnlCgformErpList': 'online/cgform/OnlineAutoList',
  'super/online/cgform/auto/innerTable/OnlCgformInnerTableList': 'online/cgform/OnlineAutoList',
  'super/online/cgform/auto/tab/OnlCgformTabList': 'online/cgform/OnlineAutoList',
  'super/online/cgreport/index': 'online/cgreport/CgreportList',
  'super/online/cgreport/auto/OnlCgReportList': 'online/cgreport/ReportView',
  // Online图表: the designer and one chart's page
  'super/online/graphreport/GraphreportList': 'online/graphreport/GraphreportList',
  'super/online/graphreport/auto/GraphreportAutoChart': 'online/graphreport/GraphreportChart',
};
