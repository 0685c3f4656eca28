import type { FastifyInstance } from 'fastify';
import { assignmentRoutes } from './assignment/routes';
import { contentRoutes } from './content/routes';
import { studyRoutes } from './study/routes';
import { rosterRoutes } from './roster/routes';
import { familyRoutes } from './family/routes';
import { liveRoutes } from './live/routes';

/**
 * The safety-education area (issue 12): the back-office resources of its content under /students/<entity>
 * (content/), what students and teachers do with it under /students/study and /students/teach (study/), and
 * 安全作业, work given to classes with its completion read from progress (assignment/), and families:
 * parents linked to children, who see their work and sign receipts (family/), and 课堂答题, the live classroom quiz (live/).
 */
export async function studentModules(app: FastifyInstance) {
  await app.register(contentRoutes);
  await app.register(studyRoutes);
  await app.register(assignmentRoutes);
  await app.register(rosterRoutes);
  await app.register(familyRoutes);
  await app.register(liveRoutes);
}
