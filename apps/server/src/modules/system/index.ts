import type { FastifyInstance } from 'fastify';
import { commonRoutes } from '../common/routes';
import { addressBookRoutes } from './addressbook/routes';
import { appVersionRoutes } from './appversion/routes';
import { categoryRoutes } from './category/routes';
import { checkRuleRoutes } from './checkrule/routes';
import { dictAdminRoutes } from './dict/manage';
import { duplicateRoutes } from './duplicate/routes';
import { fillRuleRoutes } from './fillrule/routes';
import { departAdminRoutes } from './depart/manage';
import { departCallRoutes } from './depart/calls';
import { roleIndexRoutes } from './roleindex/routes';
import { permissionAdminRoutes } from './permission/manage';
import { positionRoutes } from './position/routes';
import { roleRoutes } from './role/routes';
import { ownSessionRoutes } from './session/routes';
import { settingRoutes } from './setting/routes';
import { tenantRoutes } from './tenant/routes';
import { userAdminRoutes } from './user/manage';
import { userGroupRoutes } from './ugroup/routes';
import { switchVue3MenuRoutes } from './vue3menu/routes';

/** System-management modules built on the resource framework (issue 3). */
export async function systemModules(app: FastifyInstance) {
  await app.register(commonRoutes);
  await app.register(positionRoutes);
  await app.register(userAdminRoutes);
  await app.register(ownSessionRoutes);
  await app.register(tenantRoutes);
  await app.register(addressBookRoutes);
  await app.register(roleRoutes);
  await app.register(permissionAdminRoutes);
  await app.register(departAdminRoutes);
  await app.register(departCallRoutes);
  await app.register(dictAdminRoutes);
  await app.register(duplicateRoutes);
  await app.register(categoryRoutes);
  await app.register(checkRuleRoutes);
  await app.register(fillRuleRoutes);
  await app.register(roleIndexRoutes);
  await app.register(userGroupRoutes);
  await app.register(settingRoutes);
  await app.register(appVersionRoutes);
  await app.register(switchVue3MenuRoutes);
}
