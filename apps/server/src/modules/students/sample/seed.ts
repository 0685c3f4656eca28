import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../../core/db';
import { formatDateTime, seedId } from '../../../core/db';
import type { FileStorage } from '../../../core/storage/types';
import { SAMPLE_QUESTIONS } from './questions';

// What a fresh install's student area shows (issue 12): one course with lessons made for it (a short
// video, a picture set, a poster and an article), skills, twenty questions, two papers, two hazard
// pictures with their regions, a class, two teams and a seasonal activity. Inserted once per install
// (an install marker), into the system tenant; an administrator's later edits and deletions stay.
// No accounts are created: a seeded student with a known password would be a door left open.

const ASSETS = fileURLToPath(new URL('../../../../assets/students/', import.meta.url));
const join = (dir: string, name: string) => dir + name;
const MARKER = 'seeded:students.sample';
const TENANT = 1000;
const BY = 'system';
const LABELS = 'ABCDEF';

interface HazardFile {
  title: string;
  width: number;
  height: number;
  regions: Array<{ shape: string; coords: unknown; title: string; risk: string; fix: string }>;
}

/** Seeds the sample content unless it was seeded before on this install. Returns whether it did. */
export async function seedStudentSample(db: Db, storage: FileStorage, now: Date): Promise<boolean> {
  await seedSampleHazardClip(db, storage, now);
  const done = await db.selectFrom('sysInstall').select('key').where('key', '=', MARKER).executeTakeFirst();
  if (done) return false;
  const tenantExists = await db.selectFrom('sysTenant').select('id').where('id', '=', TENANT).executeTakeFirst();
  if (!tenantExists) return false;

  // files first (outside the transaction): a failed seed leaves at worst unused files, never half a course
  const file = async (name: string) => storage.save('students', name, await readFile(join(ASSETS, name)));
  const [video, cover, step1, step2, step3, poster, kitchen, corridor] = await Promise.all(
    ['crossing.webm', 'crossing-cover.jpg', 'crossing-step-1.jpg', 'crossing-step-2.jpg', 'crossing-step-3.jpg', 'poster-fire.jpg', 'hazard-kitchen.jpg', 'hazard-corridor.jpg'].map(file),
  );
  const hazards = JSON.parse(await readFile(join(ASSETS, 'hazards.json'), 'utf8')) as Record<'kitchen' | 'corridor', HazardFile>;

  const time = formatDateTime(now);
  const audit = { createBy: BY, createTime: time, tenantId: TENANT };
  const id = (name: string) => seedId(`students.sample.${name}`);
  const inAMonth = formatDateTime(new Date(now.getTime() + 30 * 86400_000));

  await db.transaction().execute(async (trx) => {
    const claimed = await trx.insertInto('sysInstall').values({ key: MARKER, value: '1', createTime: time }).onConflict((oc) => oc.column('key').doNothing()).executeTakeFirst();
    if (!Number(claimed.numInsertedOrUpdatedRows ?? 1)) return;

    await trx
      .insertInto('stuVideo')
      .values({ id: id('video.crossing'), title: '安全过马路', cover, filePath: video, durationSeconds: 10, fileSize: null, description: '红灯停、绿灯行，走斑马线。', category: 'traffic', gradeBand: '1', published: 1, sortNo: 1, ...audit })
      .execute();
    await trx
      .insertInto('stuPicture')
      .values({ id: id('picture.crossing'), title: '过马路三步', cover: step1, images: [step1, step2, step3].join(','), description: '一停、二看、三通过。', category: 'traffic', gradeBand: '1', published: 1, sortNo: 1, ...audit })
      .execute();
    await trx
      .insertInto('stuPoster')
      .values({ id: id('poster.fire'), title: '火灾逃生', image: poster, description: '记住四个要点，遇到火灾不慌张。', category: 'fire', gradeBand: '1', published: 1, sortNo: 1, ...audit })
      .execute();

    const skills: Array<[key: string, title: string, category: string, summary: string, steps: string[]]> = [
      ['oil-fire', '油锅起火怎么办', 'fire', '油锅起火不能用水浇。', ['立即关闭燃气灶的火。', '用锅盖或湿抹布盖住油锅，隔绝空气。', '把切好的青菜倒进锅里降温。', '火势变大时马上离开厨房，拨打 119。']],
      ['drowning', '落水自救', 'drowning', '保持冷静，等待救援。', ['不要慌张，屏住呼吸。', '头向后仰，让口鼻露出水面。', '抓住身边的漂浮物，大声呼救。']],
    ];
    for (const [i, [key, title, category, summary, steps]] of skills.entries()) {
      await trx.insertInto('stuSkill').values({ id: id(`skill.${key}`), title, cover: null, summary, category, gradeBand: '1', published: 1, sortNo: i + 1, ...audit }).execute();
      await trx
        .insertInto('stuSkillStep')
        .values(steps.map((content, n) => ({ id: id(`skill.${key}.${n + 1}`), skillId: id(`skill.${key}`), stepNo: n + 1, content, image: null, tenantId: TENANT })))
        .execute();
    }

    const course = id('course.traffic');
    await trx
      .insertInto('stuCourse')
      .values({ id: course, title: '交通安全第一课', cover, description: '认识红绿灯，学会安全过马路；再记住火灾逃生的要点。', category: 'traffic', gradeBand: '1', published: 1, sortNo: 1, ...audit })
      .execute();
    const chapters = [
      [id('chapter.1'), '第一章 认识红绿灯', 1],
      [id('chapter.2'), '第二章 安全常识', 2],
    ] as const;
    for (const [chapterId, title, sortNo] of chapters) await trx.insertInto('stuCourseChapter').values({ id: chapterId, courseId: course, title, sortNo, ...audit }).execute();
    const lessons = [
      { key: 'video', chapterId: chapters[0][0], title: '安全过马路（视频）', kind: 'video', mediaId: id('video.crossing'), content: null, durationSeconds: 10, sortNo: 1 },
      { key: 'pictures', chapterId: chapters[0][0], title: '过马路三步（图片）', kind: 'picture', mediaId: id('picture.crossing'), content: null, durationSeconds: 15, sortNo: 2 },
      { key: 'poster', chapterId: chapters[1][0], title: '火灾逃生（海报）', kind: 'poster', mediaId: id('poster.fire'), content: null, durationSeconds: 10, sortNo: 3 },
      {
        key: 'article',
        chapterId: chapters[1][0],
        title: '放学路上',
        kind: 'article',
        mediaId: null,
        content: '<p>放学后按时回家，不在路上逗留、打闹。</p><p>不跟陌生人走，不吃陌生人给的东西。</p><p>遇到困难时，向警察、老师或穿制服的工作人员求助。</p>',
        durationSeconds: 20,
        sortNo: 4,
      },
    ];
    for (const { key, ...l } of lessons) await trx.insertInto('stuLesson').values({ id: id(`lesson.${key}`), courseId: course, ...l, ...audit }).execute();

    for (const [n, [type, category, difficulty, stem, options, analysis]] of SAMPLE_QUESTIONS.entries()) {
      const questionId = id(`question.${n + 1}`);
      const answer = options.map((o, i) => (o.startsWith('*') ? LABELS[i] : '')).filter(Boolean).join(',');
      await trx.insertInto('stuQuestion').values({ id: questionId, type, stem, analysis, difficulty, category, gradeBand: '1', score: 5, answer, ...audit }).execute();
      await trx
        .insertInto('stuQuestionOption')
        .values(
          options.map((o, i) => ({
            id: id(`question.${n + 1}.${LABELS[i]}`),
            questionId,
            label: LABELS[i]!,
            content: o.replace(/^\*/, ''),
            image: null,
            isCorrect: o.startsWith('*') ? 1 : 0,
            sortNo: i + 1,
            tenantId: TENANT,
          })),
        )
        .execute();
    }

    // a five-question quiz with a fixed list, and a ten-question test drawn by rules
    const quiz = id('paper.quiz');
    await trx
      .insertInto('stuPaper')
      .values({ id: quiz, title: '交通安全小测验', description: '5道题，10分钟，60分及格。', mode: 'fixed', timeLimitMinutes: 10, passScore: 60, maxAttempts: 3, scoreRule: 'best', partialCredit: 0, shuffleOptions: 1, published: 1, openTime: null, closeTime: null, ...audit })
      .execute();
    await trx
      .insertInto('stuPaperQuestion')
      .values([1, 2, 3, 4, 5].map((n, i) => ({ id: id(`paper.quiz.${n}`), paperId: quiz, questionId: id(`question.${n}`), score: 20, sortNo: i + 1, tenantId: TENANT })))
      .execute();
    const test = id('paper.mixed');
    await trx
      .insertInto('stuPaper')
      .values({ id: test, title: '安全知识综合测验', description: '从题库随机抽10道题，多选题少选得部分分。', mode: 'rule', timeLimitMinutes: 15, passScore: 60, maxAttempts: 0, scoreRule: 'best', partialCredit: 1, shuffleOptions: 1, published: 1, openTime: null, closeTime: null, ...audit })
      .execute();
    await trx
      .insertInto('stuPaperRule')
      .values([
        { id: id('paper.mixed.single'), paperId: test, category: null, type: 'single', difficulty: null, questionCount: 4, score: 10, sortNo: 1, tenantId: TENANT },
        { id: id('paper.mixed.multi'), paperId: test, category: null, type: 'multi', difficulty: null, questionCount: 2, score: 10, sortNo: 2, tenantId: TENANT },
        { id: id('paper.mixed.judge'), paperId: test, category: null, type: 'judge', difficulty: null, questionCount: 4, score: 10, sortNo: 3, tenantId: TENANT },
      ])
      .execute();

    for (const [n, [key, image]] of ([['kitchen', kitchen], ['corridor', corridor]] as const).entries()) {
      const scene = hazards[key];
      const sceneId = id(`hazard.${key}`);
      await trx
        .insertInto('stuHazardScene')
        .values({
          id: sceneId,
          title: scene.title,
          image,
          imageWidth: scene.width,
          imageHeight: scene.height,
          description: `图中有${scene.regions.length}处安全隐患，点一点把它们找出来。`,
          requiredCount: 0,
          timeLimitSeconds: 120,
          hintsAllowed: 2,
          hitScore: 100,
          wrongPenalty: 15,
          timeBonusPerSecond: 1,
          category: key === 'kitchen' ? 'home' : 'campus',
          gradeBand: '1',
          published: 1,
          sortNo: n + 1,
          ...audit,
        })
        .execute();
      await trx
        .insertInto('stuHazardRegion')
        .values(scene.regions.map((r, i) => ({ id: id(`hazard.${key}.${i + 1}`), sceneId, shape: r.shape, coords: JSON.stringify(r.coords), title: r.title, risk: r.risk, fix: r.fix, sortNo: i + 1, tenantId: TENANT })))
        .execute();
    }

    const klass = id('class.demo');
    await trx.insertInto('stuClass').values({ id: klass, name: '三年级一班', grade: '3', departId: null, description: '示范班级：学生凭班级码申请加入，老师在班级管理里通过。', ...audit }).execute();
    await trx
      .insertInto('stuTeam')
      .values([
        { id: id('team.red'), name: '安全小卫士', slogan: '安全第一，快乐成长', logo: null, classId: klass, ...audit },
        { id: id('team.blue'), name: '平安护航队', slogan: '人人讲安全，处处保平安', logo: null, classId: klass, ...audit },
      ])
      .execute();

    const activity = id('activity.winter');
    await trx
      .insertInto('stuActivity')
      .values({ id: activity, title: '冬季安全专题', description: '看视频、认图片，再做一次小测验。', cover, startTime: time, endTime: inAMonth, paperId: quiz, published: 1, ...audit })
      .execute();
    await trx
      .insertInto('stuActivityLesson')
      .values([
        { id: id('activity.winter.video'), activityId: activity, lessonId: id('lesson.video'), sortNo: 1, tenantId: TENANT },
        { id: id('activity.winter.pictures'), activityId: activity, lessonId: id('lesson.pictures'), sortNo: 2, tenantId: TENANT },
      ])
      .execute();
    await trx.insertInto('stuActivityClass').values({ id: id('activity.winter.class'), activityId: activity, classId: klass, tenantId: TENANT }).execute();
  });
  return true;
}

const CLIP_MARKER = 'seeded:students.sample.hazardClip';

interface ClipFile {
  title: string;
  seconds: number;
  description: string;
  windows: Array<{ start: number; end: number; region: { x: number; y: number; w: number; h: number } | null; title: string; explanation: string }>;
}

/**
 * The sample 危险预判 clip with its two windows, under a marker of its own: it came after the rest of the
 * sample, and installs seeded before it get it on their next start. Returns whether it seeded.
 */
export async function seedSampleHazardClip(db: Db, storage: FileStorage, now: Date): Promise<boolean> {
  if (await db.selectFrom('sysInstall').select('key').where('key', '=', CLIP_MARKER).executeTakeFirst()) return false;
  if (!(await db.selectFrom('sysTenant').select('id').where('id', '=', TENANT).executeTakeFirst())) return false;
  const clip = JSON.parse(await readFile(join(ASSETS, 'hazard-clip.json'), 'utf8')) as ClipFile;
  const [video, cover] = await Promise.all(['hazard-clip.webm', 'hazard-clip-cover.jpg'].map(async (name) => storage.save('students', name, await readFile(join(ASSETS, name)))));
  const time = formatDateTime(now);
  return db.transaction().execute(async (trx) => {
    const claimed = await trx.insertInto('sysInstall').values({ key: CLIP_MARKER, value: '1', createTime: time }).onConflict((oc) => oc.column('key').doNothing()).executeTakeFirst();
    if (!Number(claimed.numInsertedOrUpdatedRows ?? 1)) return false;
    await trx
      .insertInto('stuHazardClip')
      .values({
        id: SAMPLE_IDS.hazardClip,
        title: clip.title,
        filePath: video!,
        cover: cover!,
        durationSeconds: clip.seconds,
        description: clip.description,
        windowsJson: JSON.stringify(clip.windows),
        category: 'traffic',
        gradeBand: '1',
        published: 1,
        sortNo: 1,
        createBy: BY,
        createTime: time,
        tenantId: TENANT,
      })
      .execute();
    return true;
  });
}

export const SAMPLE_IDS = {
  hazardClip: seedId('students.sample.hazardClip'),
  course: seedId('students.sample.course.traffic'),
  quiz: seedId('students.sample.paper.quiz'),
  mixedTest: seedId('students.sample.paper.mixed'),
  kitchen: seedId('students.sample.hazard.kitchen'),
  corridor: seedId('students.sample.hazard.corridor'),
  videoLesson: seedId('students.sample.lesson.video'),
  demoClass: seedId('students.sample.class.demo'),
};
