// Toolbar of the rich-text editor, labelled in the interface language (t()); buttons show whether their format is active.
import type { ReactNode } from 'react';
import { useEditorState, type Editor } from '@tiptap/react';
import { Button, Divider, Dropdown, Tooltip } from 'antd';
import {
  BoldOutlined,
  CodeOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { t } from '../../../lib/i18n';

export interface RichTextToolbarProps {
  editor: Editor;
  disabled?: boolean;
  onImage: () => void;
  onLink: () => void;
}

const HEADINGS = [
  { key: '0', label: '正文' },
  { key: '1', label: '标题 1' },
  { key: '2', label: '标题 2' },
  { key: '3', label: '标题 3' },
];

export function RichTextToolbar({ editor, disabled, onImage, onLink }: RichTextToolbarProps) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      strike: e.isActive('strike'),
      heading: e.isActive('heading'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      codeBlock: e.isActive('codeBlock'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const tool = (title: string, icon: ReactNode, active: boolean, run: () => void, enabled = true) => (
    <Tooltip title={t(title)} key={title}>
      <Button
        type={active ? 'primary' : 'text'}
        ghost={active}
        size="small"
        aria-label={t(title)}
        aria-pressed={active}
        icon={icon}
        disabled={disabled || !enabled}
        onMouseDown={(e) => e.preventDefault() /* keep the editor's selection */}
        onClick={run}
      />
    </Tooltip>
  );
  return (
    <div className="rich-text-toolbar" style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, padding: '4px 8px', borderBottom: '1px solid #f0f0f0' }}>
      {tool('加粗', <BoldOutlined />, state.bold, () => chain().toggleBold().run())}
      {tool('斜体', <ItalicOutlined />, state.italic, () => chain().toggleItalic().run())}
      {tool('删除线', <StrikethroughOutlined />, state.strike, () => chain().toggleStrike().run())}
      <Dropdown
        disabled={disabled}
        trigger={['click']}
        menu={{
          items: HEADINGS.map((h) => ({ key: h.key, label: t(h.label) })),
          onClick: ({ key }) => {
            const level = Number(key);
            if (level === 0) chain().setParagraph().run();
            else chain().toggleHeading({ level: level as 1 | 2 | 3 }).run();
          },
        }}
      >
        <Button type={state.heading ? 'primary' : 'text'} ghost={state.heading} size="small" aria-label={t('标题', undefined, 'heading')} disabled={disabled}>
          {t('标题', undefined, 'heading')}
        </Button>
      </Dropdown>
      <Divider type="vertical" />
      {tool('列表', <UnorderedListOutlined />, state.bulletList, () => chain().toggleBulletList().run())}
      {tool('编号列表', <OrderedListOutlined />, state.orderedList, () => chain().toggleOrderedList().run())}
      {tool('引用', <span style={{ fontWeight: 700 }}>”</span>, state.blockquote, () => chain().toggleBlockquote().run())}
      {tool('代码', <CodeOutlined />, state.codeBlock, () => chain().toggleCodeBlock().run())}
      <Divider type="vertical" />
      {tool('链接', <LinkOutlined />, state.link, onLink)}
      {tool('图片', <PictureOutlined />, false, onImage)}
      <Divider type="vertical" />
      {tool('撤销', <UndoOutlined />, false, () => chain().undo().run(), state.canUndo)}
      {tool('重做', <RedoOutlined />, false, () => chain().redo().run(), state.canRedo)}
    </div>
  );
}
