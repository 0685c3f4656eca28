import type { FastifyInstance } from 'fastify';
import { registerActivityRoutes } from './activities';
import { registerAttemptRoutes } from './attempts';
import { registerCertificateRoutes } from './certificates';
import { registerHazardClipRoutes } from './hazard-clips';
import { registerHazardRoutes } from './hazards';
import { MediaSigner, registerMediaRoute } from './media';
import { registerPracticeRoutes } from './practice';
import { registerProgressRoutes } from './progress';
import { registerReadingRoutes } from './reading';
import { registerTeachingRoutes } from './teaching';
import { registerTeamJoiningRoutes } from './team-joining';
import { registerTeamRoutes } from './teams';

/**
 * What students and teachers do in the area: reading published content, lesson progress, practice, tests,
 * hazard spotting, teams and activities (students:study), and class statistics (students:teach).
 */
export async function studyRoutes(app: FastifyInstance) {
  const signer = new MediaSigner(app.ctx.db);
  registerMediaRoute(app, signer);
  registerReadingRoutes(app, signer);
  registerProgressRoutes(app);
  registerPracticeRoutes(app);
  registerAttemptRoutes(app);
  registerHazardRoutes(app);
  registerHazardClipRoutes(app, signer);
  registerTeamRoutes(app);
  registerTeamJoiningRoutes(app);
  registerActivityRoutes(app);
  registerTeachingRoutes(app);
  registerCertificateRoutes(app);
}
