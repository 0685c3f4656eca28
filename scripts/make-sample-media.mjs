// Makes the small sample media a fresh install shows in the student area (apps/server/assets/students):
// a 10-second WebM video, its cover, a picture set, a poster and two hazard pictures whose hazard regions
// go to hazards.json, and a 12-second hazard perception clip whose two hazards' windows go to
// hazard-clip.json. Drawn on a canvas in Debian's Chromium, so the files are ours and reproducible:
//   node scripts/make-sample-media.mjs [pictures] [video] [clip]   (no argument: all of them)
// The outputs are committed; nothing runs this at install or test time.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'server', 'assets', 'students');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PARTS = process.argv.slice(2);
const want = (part) => !PARTS.length || PARTS.includes(part);

// Hazard regions as fractions of the picture (circle r: fraction of the width), drawn and seeded alike.
const HAZARDS = {
  kitchen: {
    title: '厨房里的安全隐患',
    width: 800,
    height: 500,
    regions: [
      { shape: 'rect', coords: { x: 0.06, y: 0.22, w: 0.2, h: 0.3 }, title: '灶上的锅无人看管', risk: '油锅干烧会起火，火苗可能引燃周围的东西。', fix: '做饭时不离开厨房，离开前关火；油锅起火用锅盖盖灭，不要泼水。' },
      { shape: 'circle', coords: { cx: 0.5, cy: 0.86, r: 0.07 }, title: '地面有积水', risk: '湿滑的地面容易让人滑倒摔伤。', fix: '发现积水马上擦干，提醒家人小心。' },
      { shape: 'polygon', coords: { points: [[0.72, 0.3], [0.86, 0.28], [0.9, 0.5], [0.76, 0.55]] }, title: '破损的电线靠近水池', risk: '电线破皮遇水可能漏电，造成触电。', fix: '不要碰破损电线，请大人断电后更换。' },
      { shape: 'circle', coords: { cx: 0.44, cy: 0.5, r: 0.045 }, title: '刀放在桌子边缘', risk: '刀可能掉下来划伤人。', fix: '用完的刀放回刀架，刀刃朝里。' },
    ],
  },
  corridor: {
    title: '教室和走廊的安全隐患',
    width: 800,
    height: 500,
    regions: [
      { shape: 'rect', coords: { x: 0.04, y: 0.3, w: 0.22, h: 0.5 }, title: '安全出口被杂物堵住', risk: '发生火灾时无法迅速疏散。', fix: '安全出口和通道保持畅通，不堆放杂物。' },
      { shape: 'circle', coords: { cx: 0.52, cy: 0.82, r: 0.06 }, title: '插线板上插满了插头', risk: '超负荷用电会发热起火。', fix: '不在一个插线板上同时使用多个大功率电器。' },
      { shape: 'polygon', coords: { points: [[0.7, 0.12], [0.94, 0.12], [0.94, 0.55], [0.7, 0.55]] }, title: '窗户大开，窗台下放着椅子', risk: '有人踩着椅子爬上窗台可能坠落。', fix: '窗边不放可攀爬的桌椅，不趴在窗台上。' },
    ],
  },
};

/** Inserts the Duration element MediaRecorder leaves out, so players know the length and can seek. */
function withDuration(webm, seconds) {
  const buf = Buffer.from(webm);
  const readVint = (pos, keepMarker) => {
    const first = buf[pos];
    let len = 1;
    while (len <= 8 && !(first & (0x80 >> (len - 1)))) len++;
    let value = keepMarker ? first : first & (0xff >> len);
    for (let i = 1; i < len; i++) value = value * 256 + buf[pos + i];
    return { value, len };
  };
  const sizeVint = (n) => {
    const out = Buffer.alloc(8);
    out[0] = 0x01;
    for (let i = 7, v = n; i >= 1; i--, v = Math.floor(v / 256)) out[i] = v & 0xff;
    return out;
  };
  // EBML header, then Segment (unknown size), whose first children we walk to find Info (0x1549A966)
  const ebml = readVint(0, true);
  const ebmlSize = readVint(ebml.len, false);
  let pos = ebml.len + ebmlSize.len + ebmlSize.value;
  const seg = readVint(pos, true);
  if (seg.value !== 0x18538067) throw new Error('no Segment');
  pos += seg.len + readVint(pos + seg.len, false).len;
  for (;;) {
    const id = readVint(pos, true);
    const size = readVint(pos + id.len, false);
    const bodyStart = pos + id.len + size.len;
    if (id.value === 0x1549a966) {
      const body = buf.subarray(bodyStart, bodyStart + size.value);
      const duration = Buffer.alloc(11);
      duration.writeUInt16BE(0x4489, 0);
      duration[2] = 0x88;
      // TimecodeScale is 1 ms in MediaRecorder's files
      duration.writeDoubleBE(seconds * 1000, 3);
      const newBody = Buffer.concat([body, duration]);
      return Buffer.concat([buf.subarray(0, pos), buf.subarray(pos, pos + id.len), sizeVint(newBody.length), newBody, buf.subarray(bodyStart + size.value)]);
    }
    if (id.value === 0x1f43b675) throw new Error('no Info before the first Cluster');
    pos = bodyStart + size.value;
  }
}

const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'] });
const page = await browser.newPage();
await page.setContent('<html><body style="margin:0"></body></html>');
await mkdir(OUT, { recursive: true });

if (want('pictures')) {
const images = await page.evaluate(async (HAZARDS) => {
  const FONT = '"Noto Sans CJK SC", "Noto Serif CJK SC", sans-serif';
  const canvas = (w, h) => Object.assign(document.createElement('canvas'), { width: w, height: h });
  const jpeg = (c) => c.toDataURL('image/jpeg', 0.82).split(',')[1];
  const text = (g, s, x, y, size, color = '#222', align = 'center') => {
    g.font = `bold ${size}px ${FONT}`;
    g.fillStyle = color;
    g.textAlign = align;
    g.fillText(s, x, y);
  };
  const person = (g, x, y, s, color) => {
    g.strokeStyle = color;
    g.lineWidth = 4 * s;
    g.beginPath();
    g.arc(x, y - 52 * s, 10 * s, 0, Math.PI * 2);
    g.moveTo(x, y - 42 * s);
    g.lineTo(x, y - 15 * s);
    g.lineTo(x - 10 * s, y);
    g.moveTo(x, y - 15 * s);
    g.lineTo(x + 10 * s, y);
    g.moveTo(x - 12 * s, y - 32 * s);
    g.lineTo(x + 12 * s, y - 32 * s);
    g.stroke();
  };
  const street = (g, w, h, light, walkerX, caption) => {
    g.fillStyle = '#bfe3ff';
    g.fillRect(0, 0, w, h);
    g.fillStyle = '#7fbf6a';
    g.fillRect(0, h * 0.45, w, h * 0.08);
    g.fillStyle = '#555';
    g.fillRect(0, h * 0.53, w, h * 0.3);
    g.fillStyle = '#fff';
    for (let i = 0; i < 6; i++) g.fillRect(w * 0.42 + i * w * 0.03, h * 0.53, w * 0.018, h * 0.3);
    g.fillStyle = '#7fbf6a';
    g.fillRect(0, h * 0.83, w, h * 0.17);
    // traffic light
    g.fillStyle = '#333';
    g.fillRect(w * 0.78, h * 0.1, w * 0.06, h * 0.28);
    g.fillRect(w * 0.805, h * 0.38, w * 0.01, h * 0.16);
    g.fillStyle = light === 'red' ? '#e53935' : '#552222';
    g.beginPath();
    g.arc(w * 0.81, h * 0.17, h * 0.045, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = light === 'green' ? '#43a047' : '#224422';
    g.beginPath();
    g.arc(w * 0.81, h * 0.3, h * 0.045, 0, Math.PI * 2);
    g.fill();
    person(g, walkerX, h * 0.95, h / 270, '#1e3a8a');
    if (caption) text(g, caption, w * 0.4, h * 0.14, Math.round(h * 0.08));
  };

  const out = {};
  // video cover and the picture set 过马路三步
  const cover = canvas(480, 270);
  street(cover.getContext('2d'), 480, 270, 'red', 180, '安全过马路');
  out['crossing-cover.jpg'] = jpeg(cover);
  const steps = [
    ['red', 150, '一停：红灯停，站在路边等'],
    ['green', 190, '二看：绿灯亮，左右看看车'],
    ['green', 300, '三通过：走斑马线，快步通过'],
  ];
  steps.forEach(([light, x, caption], i) => {
    const c = canvas(640, 360);
    street(c.getContext('2d'), 640, 360, light, (x * 640) / 480, caption);
    out[`crossing-step-${i + 1}.jpg`] = jpeg(c);
  });

  // poster 火灾逃生
  const poster = canvas(600, 850);
  const p = poster.getContext('2d');
  const grad = p.createLinearGradient(0, 0, 0, 850);
  grad.addColorStop(0, '#ffedd5');
  grad.addColorStop(1, '#fecaca');
  p.fillStyle = grad;
  p.fillRect(0, 0, 600, 850);
  text(p, '火灾逃生', 300, 110, 72, '#b91c1c');
  ['湿毛巾捂住口鼻', '弯腰低姿前进', '走楼梯不乘电梯', '到达安全地点报警 119'].forEach((s, i) => {
    p.fillStyle = '#fff';
    p.fillRect(60, 200 + i * 150, 480, 110);
    text(p, `${i + 1}. ${s}`, 300, 270 + i * 150, 36, '#7f1d1d');
  });
  out['poster-fire.jpg'] = jpeg(poster);

  // hazard pictures: a plain room with each hazard drawn inside its region
  const room = (key) => {
    const { width: w, height: h, regions } = HAZARDS[key];
    const c = canvas(w, h);
    const g = c.getContext('2d');
    g.fillStyle = key === 'kitchen' ? '#fdf6e3' : '#eef2ff';
    g.fillRect(0, 0, w, h);
    g.fillStyle = key === 'kitchen' ? '#d6c7a1' : '#c7d2fe';
    g.fillRect(0, h * 0.72, w, h * 0.28);
    const draw = {
      灶上的锅无人看管: ({ x, y, w: rw, h: rh }) => {
        g.fillStyle = '#9ca3af';
        g.fillRect(x * w, (y + rh * 0.6) * h, rw * w, rh * 0.4 * h);
        g.fillStyle = '#374151';
        g.fillRect((x + rw * 0.2) * w, (y + rh * 0.35) * h, rw * 0.6 * w, rh * 0.25 * h);
        g.fillStyle = '#f97316';
        for (let i = 0; i < 4; i++) {
          g.beginPath();
          g.moveTo((x + rw * (0.25 + i * 0.15)) * w, (y + rh * 0.35) * h);
          g.lineTo((x + rw * (0.3 + i * 0.15)) * w, (y + rh * 0.05) * h);
          g.lineTo((x + rw * (0.35 + i * 0.15)) * w, (y + rh * 0.35) * h);
          g.fill();
        }
      },
      地面有积水: ({ cx, cy, r }) => {
        g.fillStyle = 'rgba(59,130,246,0.55)';
        g.beginPath();
        g.ellipse(cx * w, cy * h, r * w, r * w * 0.45, 0, 0, Math.PI * 2);
        g.fill();
      },
      刀放在桌子边缘: ({ cx, cy, r }) => {
        g.fillStyle = '#92400e';
        g.fillRect((cx - 0.2) * w, (cy + 0.02) * h, 0.2 * w, 0.03 * h);
        g.fillStyle = '#cbd5e1';
        g.fillRect((cx - r) * w, (cy - 0.01) * h, r * 1.4 * w, 0.025 * h);
        g.fillStyle = '#1f2937';
        g.fillRect((cx + r * 0.4) * w, (cy - 0.012) * h, r * 0.8 * w, 0.03 * h);
      },
      破损的电线靠近水池: ({ points }) => {
        g.fillStyle = '#cbd5e1';
        g.fillRect(points[0][0] * w, (points[0][1] + 0.12) * h, 0.16 * w, 0.1 * h);
        g.strokeStyle = '#111827';
        g.lineWidth = 4;
        g.beginPath();
        g.moveTo(points[1][0] * w, points[1][1] * h);
        g.bezierCurveTo(0.8 * w, 0.36 * h, 0.9 * w, 0.42 * h, 0.78 * w, 0.5 * h);
        g.stroke();
        g.strokeStyle = '#f59e0b';
        g.beginPath();
        g.moveTo(0.82 * w, 0.4 * h);
        g.lineTo(0.84 * w, 0.37 * h);
        g.moveTo(0.83 * w, 0.41 * h);
        g.lineTo(0.86 * w, 0.4 * h);
        g.stroke();
      },
      安全出口被杂物堵住: ({ x, y, w: rw, h: rh }) => {
        g.fillStyle = '#16a34a';
        g.fillRect(x * w, y * h, rw * w, rh * 0.18 * h);
        text(g, '安全出口', (x + rw / 2) * w, (y + rh * 0.13) * h, 22, '#fff');
        g.fillStyle = '#a16207';
        g.fillRect(x * w, (y + rh * 0.2) * h, rw * w, rh * 0.8 * h);
        g.fillStyle = '#d97706';
        for (let i = 0; i < 3; i++) g.fillRect((x + rw * 0.05 + i * rw * 0.3) * w, (y + rh * 0.55) * h, rw * 0.28 * w, rh * 0.45 * h);
      },
      插线板上插满了插头: ({ cx, cy, r }) => {
        g.fillStyle = '#f3f4f6';
        g.fillRect((cx - r) * w, (cy - r * 0.3) * h, r * 2 * w, r * 0.6 * w);
        g.fillStyle = '#111827';
        for (let i = 0; i < 5; i++) g.fillRect((cx - r + 0.01 + i * r * 0.38) * w, (cy - r * 0.6) * h, r * 0.25 * w, r * 0.35 * w);
      },
      '窗户大开，窗台下放着椅子': ({ points }) => {
        const [a, , c2] = [points[0], points[1], points[2]];
        g.fillStyle = '#bae6fd';
        g.fillRect(a[0] * w, a[1] * h, (c2[0] - a[0]) * w, (c2[1] - a[1]) * h * 0.7);
        g.strokeStyle = '#475569';
        g.lineWidth = 5;
        g.strokeRect(a[0] * w, a[1] * h, (c2[0] - a[0]) * w, (c2[1] - a[1]) * h * 0.7);
        g.fillStyle = '#92400e';
        g.fillRect(0.76 * w, 0.45 * h, 0.1 * w, 0.03 * h);
        g.fillRect(0.77 * w, 0.48 * h, 0.015 * w, 0.07 * h);
        g.fillRect(0.84 * w, 0.48 * h, 0.015 * w, 0.07 * h);
      },
    };
    // a few harmless things, so not everything on the picture is a hazard
    g.fillStyle = '#a7f3d0';
    g.fillRect(0.32 * w, 0.12 * h, 0.16 * w, 0.14 * h);
    g.fillStyle = '#fde68a';
    g.beginPath();
    g.arc(0.62 * w, 0.2 * h, 0.05 * w, 0, Math.PI * 2);
    g.fill();
    for (const r of regions) draw[r.title](r.coords);
    return jpeg(c);
  };
  out['hazard-kitchen.jpg'] = room('kitchen');
  out['hazard-corridor.jpg'] = room('corridor');
  return out;
}, HAZARDS);
for (const [name, b64] of Object.entries(images)) await writeFile(join(OUT, name), Buffer.from(b64, 'base64'));
await writeFile(join(OUT, 'hazards.json'), JSON.stringify(HAZARDS, null, 2) + '\n');
}

// the video: 10 s of the crossing story, recorded from the canvas in real time
const SECONDS = 10;
if (want('video')) {
const webm = await page.evaluate(async (SECONDS) => {
  const FONT = '"Noto Sans CJK SC", sans-serif';
  const c = Object.assign(document.createElement('canvas'), { width: 480, height: 270 });
  document.body.append(c);
  const g = c.getContext('2d');
  const frame = (t) => {
    const light = t < 4 ? 'red' : 'green';
    const x = t < 5 ? 150 : Math.min(150 + (t - 5) * 60, 420);
    g.fillStyle = '#bfe3ff';
    g.fillRect(0, 0, 480, 270);
    g.fillStyle = '#555';
    g.fillRect(0, 143, 480, 81);
    g.fillStyle = '#fff';
    for (let i = 0; i < 6; i++) g.fillRect(200 + i * 14, 143, 9, 81);
    g.fillStyle = '#7fbf6a';
    g.fillRect(0, 121, 480, 22);
    g.fillRect(0, 224, 480, 46);
    g.fillStyle = '#333';
    g.fillRect(374, 27, 29, 76);
    g.fillStyle = light === 'red' ? '#e53935' : '#552222';
    g.beginPath();
    g.arc(389, 46, 12, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = light === 'green' ? '#43a047' : '#224422';
    g.beginPath();
    g.arc(389, 81, 12, 0, Math.PI * 2);
    g.fill();
    g.strokeStyle = '#1e3a8a';
    g.lineWidth = 4;
    const y = 256;
    const swing = t >= 5 ? Math.sin(t * 8) * 8 : 0;
    g.beginPath();
    g.arc(x, y - 52, 10, 0, Math.PI * 2);
    g.moveTo(x, y - 42);
    g.lineTo(x, y - 15);
    g.lineTo(x - 10 + swing, y);
    g.moveTo(x, y - 15);
    g.lineTo(x + 10 - swing, y);
    g.stroke();
    const caption = t < 4 ? '红灯停，站在路边等一等' : t < 5 ? '绿灯亮了，先左右看' : '走斑马线，快步通过';
    g.font = `bold 26px ${FONT}`;
    g.fillStyle = '#222';
    g.textAlign = 'center';
    g.fillText(caption, 240, 34);
    g.font = `16px ${FONT}`;
    g.fillText(`${Math.floor(t)} / ${SECONDS} 秒`, 440, 262);
  };
  frame(0);
  const stream = c.captureStream(24);
  const rec = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 250_000 });
  const chunks = [];
  rec.ondataavailable = (e) => chunks.push(e.data);
  const done = new Promise((r) => (rec.onstop = r));
  rec.start();
  const start = performance.now();
  await new Promise((resolve) => {
    const tick = () => {
      const t = (performance.now() - start) / 1000;
      frame(Math.min(t, SECONDS));
      if (t >= SECONDS) return resolve();
      requestAnimationFrame(tick);
    };
    tick();
  });
  rec.stop();
  await done;
  const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}, SECONDS);
await writeFile(join(OUT, 'crossing.webm'), withDuration(Buffer.from(webm, 'base64'), SECONDS));
}

// the hazard perception clip: a street seen from a car; a ball rolls out between parked cars, then a
// child runs out after it. Each hazard's window opens when it first shows and closes when a driver
// could no longer stop in time; the regions are where it shows, as fractions of the frame.
const CLIP = {
  title: '放学路上：皮球和孩子',
  seconds: 12,
  description: '你坐在车上，沿着学校门口的路往前开。看到可能让车不得不减速或停车的危险时，马上点“看到危险”。',
  windows: [
    { start: 2, end: 5, region: { x: 0.2, y: 0.55, w: 0.55, h: 0.3 }, title: '皮球从停着的车之间滚到路上', explanation: '皮球后面常常跟着追球的孩子。看到皮球就该减速，准备停车。' },
    { start: 6.5, end: 10, region: { x: 0.55, y: 0.28, w: 0.42, h: 0.6 }, title: '孩子从路边跑出来追皮球', explanation: '孩子追球时不会看车。提前减速、鸣笛提醒，必要时停车让行。' },
  ],
};
if (want('clip')) {
  const clip = await page.evaluate(async (CLIP) => {
    const FONT = '"Noto Sans CJK SC", sans-serif';
    const W = 480;
    const H = 270;
    const c = Object.assign(document.createElement('canvas'), { width: W, height: H });
    document.body.append(c);
    const g = c.getContext('2d');
    const car = (x, y, color) => {
      g.fillStyle = color;
      g.fillRect(x, y, 90, 34);
      g.fillRect(x + 18, y - 16, 52, 18);
      g.fillStyle = '#cde7ff';
      g.fillRect(x + 24, y - 12, 18, 12);
      g.fillRect(x + 46, y - 12, 18, 12);
      g.fillStyle = '#111';
      g.beginPath();
      g.arc(x + 20, y + 34, 9, 0, Math.PI * 2);
      g.arc(x + 70, y + 34, 9, 0, Math.PI * 2);
      g.fill();
    };
    const child = (x, y, t) => {
      const swing = Math.sin(t * 14) * 7;
      g.strokeStyle = '#7c2d12';
      g.lineWidth = 4;
      g.beginPath();
      g.arc(x, y - 40, 8, 0, Math.PI * 2);
      g.moveTo(x, y - 32);
      g.lineTo(x, y - 12);
      g.lineTo(x - 8 + swing, y);
      g.moveTo(x, y - 12);
      g.lineTo(x + 8 - swing, y);
      g.moveTo(x - 10, y - 26 + swing / 2);
      g.lineTo(x + 10, y - 26 - swing / 2);
      g.stroke();
    };
    const frame = (t) => {
      // the road ahead: kerb and pavement on both sides, parked cars on the left, lane marks moving by
      g.fillStyle = '#bfe3ff';
      g.fillRect(0, 0, W, H);
      g.fillStyle = '#9ca3af';
      g.fillRect(0, 95, W, 30);
      g.fillStyle = '#4b5563';
      g.fillRect(0, 125, W, 145);
      g.fillStyle = '#fff';
      const shift = (t * 120) % 80;
      for (let x = -80 + shift; x < W; x += 80) g.fillRect(W - x, 205, 40, 6);
      g.fillStyle = '#7fbf6a';
      g.fillRect(0, 80, W, 15);
      car(20, 140, '#2563eb');
      car(140, 140, '#dc2626');
      // the ball: out from between the two parked cars from 2 s, rolling across the lane
      if (t >= 2) {
        const bx = 122 + Math.min(t - 2, 4) * 55;
        const by = 170 + Math.min(t - 2, 4) * 12;
        g.fillStyle = '#f59e0b';
        g.beginPath();
        g.arc(bx, by, 10, 0, Math.PI * 2);
        g.fill();
        g.strokeStyle = '#fff';
        g.lineWidth = 2;
        g.beginPath();
        g.arc(bx, by, 10, t * 6, t * 6 + Math.PI);
        g.stroke();
      }
      // the child: on the right pavement from 6.5 s, running into the road after the ball
      if (t >= 6.5) {
        const k = Math.min(t - 6.5, 3.5);
        child(440 - k * 45, 120 + k * 32, t);
      }
      g.font = `bold 20px ${FONT}`;
      g.fillStyle = '#111';
      g.textAlign = 'left';
      g.fillText('危险预判练习', 10, 28);
      g.font = `16px ${FONT}`;
      g.textAlign = 'right';
      g.fillText(`${Math.floor(t)} / ${CLIP.seconds} 秒`, W - 10, 28);
    };
    frame(0);
    const stream = c.captureStream(20);
    const rec = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 120_000 });
    const chunks = [];
    rec.ondataavailable = (e) => chunks.push(e.data);
    const done = new Promise((r) => (rec.onstop = r));
    rec.start();
    const start = performance.now();
    await new Promise((resolve) => {
      const tick = () => {
        const t = (performance.now() - start) / 1000;
        frame(Math.min(t, CLIP.seconds));
        if (t >= CLIP.seconds) return resolve();
        requestAnimationFrame(tick);
      };
      tick();
    });
    rec.stop();
    await done;
    // the cover is the road before anything happens: it must not give the hazards away
    frame(0);
    const cover = c.toDataURL('image/jpeg', 0.8).split(',')[1];
    const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return { webm: btoa(s), cover };
  }, CLIP);
  await writeFile(join(OUT, 'hazard-clip.webm'), withDuration(Buffer.from(clip.webm, 'base64'), CLIP.seconds));
  await writeFile(join(OUT, 'hazard-clip-cover.jpg'), Buffer.from(clip.cover, 'base64'));
  await writeFile(join(OUT, 'hazard-clip.json'), JSON.stringify(CLIP, null, 2) + '\n');
}
await browser.close();
console.log(`sample media written to ${OUT}`);
