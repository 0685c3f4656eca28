// 隐患排查题: a scene picture with its hazard regions drawn on it (HazardRegionEditor), and the rules
// of the game: how many must be found, time limit, hints, points per hit, penalty per miss, time bonus.
import { Form, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { HazardRegionEditor, readGeometry, type HazardRegionDraft } from '../../../../components/hazard-regions';
import { ResourcePage, type ListColumn } from '../../../../components/list-page';
import { formRules } from '../../../../lib/formRules';
import { t } from '../../../../lib/i18n';
import { imageUrl } from '../../../../lib/files';
import { CONTENT_FIELDS, CONTENT_QUERY, CONTENT_SUPER_QUERY, contentColumns, studentsApi, studentsPermission, thumbnailColumn, type ContentRow } from '../common';

export interface HazardScene extends ContentRow {
  image?: string | null;
  imageWidth?: number;
  imageHeight?: number;
  description?: string | null;
  requiredCount?: number;
  timeLimitSeconds?: number;
  hintsAllowed?: number;
  hitScore?: number;
  wrongPenalty?: number;
  timeBonusPerSecond?: number;
  regionCount?: number;
  /** from queryById: coords already parsed */
  regions?: Array<{ shape: string; coords: unknown; title: string; risk?: string | null; fix?: string | null }>;
}

const ENTITY = 'dangerQuestion';

const COLUMNS: ListColumn<HazardScene>[] = [
  thumbnailColumn<HazardScene>('图片', 'image'),
  { title: '标题', dataIndex: 'title', align: 'left' },
  { title: '隐患数', dataIndex: 'regionCount', width: 80 },
  { title: '需找出', dataIndex: 'requiredCount', width: 80, render: (v: unknown) => (Number(v) > 0 ? String(v) : t('全部')) },
  { title: '限时', dataIndex: 'timeLimitSeconds', width: 80, render: (v: unknown) => (Number(v) > 0 ? t('{n}秒', { n: String(v) }) : t('不限')) },
  ...contentColumns<HazardScene>(),
];

const regionsRule: Rule = {
  validator: async (_r, value: HazardRegionDraft[] | undefined) => {
    if (!value?.length) throw new Error(t('请至少标出一个隐患区域'));
    const i = value.findIndex((r) => !r.title?.trim());
    if (i >= 0) throw new Error(t('请填写第{n}个隐患区域的标题', { n: i + 1 }));
  },
};

function RegionsSection({ form }: { form: FormInstance }) {
  const image = Form.useWatch('image', form) as string | undefined;
  const width = Form.useWatch('imageWidth', form) as number | undefined;
  const height = Form.useWatch('imageHeight', form) as number | undefined;
  return (
    <Form.Item
      label={t('隐患区域')}
      name="regions"
      required
      initialValue={[]}
      rules={[regionsRule]}
      extra={t('在图片上拖出矩形、从圆心拖出圆形，或依次点出多边形的顶点；选中区域后填写标题、风险和整改')}
    >
      <HazardRegionEditor
        imageUrl={image ? imageUrl(image.split(',')[0]) : null}
        imageWidth={width}
        imageHeight={height}
        onImageSize={(w, h) => form.setFieldsValue({ imageWidth: w, imageHeight: h })}
      />
    </Form.Item>
  );
}

const n = (name: string, label: string, initialValue: number, extra?: string) => ({ name, label, widget: 'number' as const, min: 0, initialValue, extra });

export default function DangerQuestionListPage() {
  return (
    <ResourcePage<HazardScene>
      title={t('隐患排查题', undefined, 'one')}
      permission={studentsPermission(ENTITY)}
      api={studentsApi(ENTITY)}
      columns={COLUMNS}
      exportName={t('隐患排查题')}
      query={CONTENT_QUERY}
      superQuery={CONTENT_SUPER_QUERY}
      formWidth={1000}
      form={[
        { name: 'title', label: '标题', widget: 'input', rules: formRules.required('标题', { max: 200 }) },
        { name: 'image', label: '隐患图片', widget: 'image', maxCount: 1, biz: 'students', rules: [{ required: true, message: '请上传隐患图片!' }] },
        { name: 'imageWidth', label: '图片宽度', widget: 'hidden' },
        { name: 'imageHeight', label: '图片高度', widget: 'hidden' },
        { key: 'regions', section: ({ form }) => <RegionsSection form={form} /> },
        { name: 'description', label: '说明', widget: 'textarea', rules: formRules.length({ max: 1000 }) },
        n('requiredCount', '需找出隐患数', 0, '0 表示全部找出'),
        n('timeLimitSeconds', '限时(秒)', 0, '0 表示不限时'),
        n('hintsAllowed', '提示次数', 1),
        n('hitScore', '找到一处得分', 100),
        n('wrongPenalty', '点错扣分', 10),
        n('timeBonusPerSecond', '每剩一秒加分', 0),
        ...CONTENT_FIELDS,
      ]}
      toForm={(record) => ({
        ...record,
        regions: (record.regions ?? []).flatMap((r) => {
          const g = readGeometry(r.shape, r.coords);
          return g ? [{ ...g, title: r.title, risk: r.risk ?? '', fix: r.fix ?? '' }] : [];
        }),
      })}
      toBody={(values) => ({
        ...values,
        regions: ((values.regions as HazardRegionDraft[]) ?? []).map((r) => ({ shape: r.shape, coords: r.coords, title: r.title.trim(), risk: r.risk || null, fix: r.fix || null })),
      })}
    />
  );
}
