import type { FastifyInstance } from 'fastify';
import { onlineAuthRoutes } from './cgform/auth/routes';
import { cgformButtonRoutes } from './cgform/buttons/routes';
import { cgformDataRoutes } from './cgform/data-routes';
import { cgformDbImportRoutes } from './cgform/dbimport/routes';
import { cgformDefinitionRoutes } from './cgform/definition-routes';
import { cgreportRoutes } from './cgreport/routes';
import { graphreportRoutes } from './graphreport/routes';
import { commentRoutes } from './comment/routes';

// 在线开发 (issue 15): the online form builder with its generated API, and the online report builder.
export async function onlineModules(app: FastifyInstance) {
  await app.register(cgformDefinitionRoutes);
  await app.register(cgformDataRoutes);
  await app.register(onlineAuthRoutes);
  await app.register(cgformButtonRoutes);
  await app.register(cgformDbImportRoutes);
  await app.register(cgreportRoutes);
  await app.register(graphreportRoutes);
  await app.register(commentRoutes);
}
