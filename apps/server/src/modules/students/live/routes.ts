import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STUDY_PERMISSION, TEACH_PERMISSION } from '@anxue/shared';
import { liveAnswerInput, liveClassQuery, liveIdInput, liveJoinInput, liveNextInput, liveQuestionsQuery, liveStartInput, liveTapInput } from '@anxue/shared/live';
import { ok } from '../../../core/http';
import { studyCaller } from '../study/common';
import { LiveService } from './service';

/**
 * 课堂答题 at /students/live/*: the class's teachers start and run a session (students:teach), the class's
 * students join with its code and answer or tap the hazard picture (students:study); state and summary answer
 * each their own view.
 */
export async function liveRoutes(app: FastifyInstance) {
  const service = new LiveService(app);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const teach = { permission: TEACH_PERMISSION };
  const study = { permission: STUDY_PERMISSION };
  const either = { permission: [STUDY_PERMISSION, TEACH_PERMISSION] };
  const tags = ['课堂答题'];
  const id = z.string().min(1).max(32);

  api.get('/students/live/papers', { config: teach, schema: { tags, summary: '可用于课堂答题的试卷' } }, async (req) => ok(await service.papers(studyCaller(req))));
  api.get('/students/live/open', { config: teach, schema: { tags, summary: '本班进行中的课堂答题', querystring: z.object({ classId: id }) } }, async (req) =>
    ok(await service.openOf(studyCaller(req), req.query.classId)),
  );
  api.get('/students/live/scenes', { config: teach, schema: { tags, summary: '可在课堂展示的隐患图' } }, async (req) => ok(await service.scenes(studyCaller(req))));
  api.get('/students/live/scene', { config: teach, schema: { tags, summary: '隐患图及全部隐患（课堂大屏）', querystring: liveIdInput } }, async (req) => ok(await service.scene(studyCaller(req), req.query.id)));
  api.get('/students/live/questions', { config: teach, schema: { tags, summary: '可用于课堂答题的题目', querystring: liveQuestionsQuery } }, async (req) =>
    ok(await service.bankQuestions(studyCaller(req), req.query.keyword)),
  );
  api.get('/students/live/assignments', { config: teach, schema: { tags, summary: '本班可关联的作业', querystring: liveClassQuery } }, async (req) =>
    ok(await service.assignmentChoices(studyCaller(req), req.query.classId)),
  );
  api.post('/students/live/start', { config: teach, schema: { tags, summary: '发起课堂答题（仅本班教师）', body: liveStartInput } }, async (req) => ok(await service.start(studyCaller(req), req.body)));
  api.post('/students/live/next', { config: teach, schema: { tags, summary: '下一题（倒计时）', body: liveNextInput } }, async (req) => ok(await service.next(studyCaller(req), req.body.id, req.body.seconds)));
  api.post('/students/live/reveal', { config: teach, schema: { tags, summary: '揭晓答案', body: liveIdInput } }, async (req) => ok(await service.reveal(studyCaller(req), req.body.id)));
  api.post('/students/live/stop', { config: teach, schema: { tags, summary: '停止作答（显示热力图）', body: liveIdInput } }, async (req) => ok(await service.stop(studyCaller(req), req.body.id)));
  api.post('/students/live/end', { config: teach, schema: { tags, summary: '结束课堂答题', body: liveIdInput } }, async (req) => ok(await service.end(studyCaller(req), req.body.id)));

  api.post('/students/live/join', { config: study, schema: { tags, summary: '用课堂码加入课堂答题', body: liveJoinInput } }, async (req) => ok(await service.join(studyCaller(req), req.body.code)));
  api.post('/students/live/answer', { config: study, schema: { tags, summary: '提交本题答案（每题一次）', body: liveAnswerInput } }, async (req) =>
    ok(await service.answer(studyCaller(req), req.body.id, req.body.questionId, req.body.answer)),
  );

  api.post('/students/live/tap', { config: study, schema: { tags, summary: '在隐患图上点出隐患', body: liveTapInput } }, async (req) => ok(await service.tap(studyCaller(req), req.body.id, req.body.x, req.body.y)));

  api.get('/students/live/state', { config: either, schema: { tags, summary: '课堂答题的当前状态', querystring: liveIdInput } }, async (req) => ok(await service.state(studyCaller(req), req.query.id)));
  api.get('/students/live/summary', { config: either, schema: { tags, summary: '课堂答题小结（不排名）', querystring: liveIdInput } }, async (req) => ok(await service.summary(studyCaller(req), req.query.id)));
}
