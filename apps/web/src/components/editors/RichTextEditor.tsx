// Rich-text editor (spec/02 §2, §9): Tiptap, height 300, Chinese toolbar; value and onChange carry
// HTML. Images (button, paste or drop) go through the common upload endpoint into the jeditor folder.
// The server sanitises the HTML where it is stored (core/html/sanitize.ts).
import { useEffect, useRef, type CSSProperties } from 'react';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { message } from '../../lib/antd/static';
import { t } from '../../lib/i18n';
import { prompt } from '../widgets/PromptDialog';
import { RichTextToolbar } from './rich-text/RichTextToolbar';
import { isImageFile, uploadEditorImage } from './uploadEditorImage';
import './rich-text/richText.css';

export const RICH_TEXT_HEIGHT = 300;

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  /** Height of the writing area in pixels; default 300. */
  height?: number;
  /** Greyed and not editable (a disabled form field). */
  disabled?: boolean;
  /** Shown as content only, without the toolbar. */
  readOnly?: boolean;
  placeholder?: string;
  style?: CSSProperties;
}

const LINK_ADDRESS = /^(https?:\/\/|mailto:)\S+$/i;

/** An empty document is '' so that required rules of a form see it as empty. */
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

function imagesOf(list: FileList | null | undefined): File[] {
  return list ? [...list].filter(isImageFile) : [];
}

export function RichTextEditor({ value = '', onChange, height = RICH_TEXT_HEIGHT, disabled, readOnly, placeholder, style }: RichTextEditorProps) {
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const editable = !disabled && !readOnly;

  // Uploads the files one after another and inserts each image where the user put it.
  const insertImages = useRef(async (editor: Editor, files: File[], at?: number) => {
    let pos = at;
    for (const file of files) {
      let src: string;
      try {
        src = await uploadEditorImage(file);
      } catch {
        return; // the http client has shown why
      }
      const image = { type: 'image', attrs: { src, alt: file.name } };
      if (pos === undefined) editor.chain().focus().insertContent(image).run();
      else {
        editor.chain().focus().insertContentAt(pos, image).run();
        pos += 1;
      }
    }
  });

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        link: { openOnClick: false, autolink: true, HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' } },
      }),
      Image.configure({ allowBase64: false }),
    ],
    content: value,
    editable,
    editorProps: {
      attributes: { 'aria-label': placeholder ?? t('富文本'), 'aria-multiline': 'true', role: 'textbox' },
      handlePaste: (_view, event) => {
        const files = imagesOf(event.clipboardData?.files);
        if (!files.length || !editorRef.current?.isEditable) return false;
        event.preventDefault();
        void insertImages.current(editorRef.current, files);
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        const files = moved ? [] : imagesOf(event.dataTransfer?.files);
        if (!files.length || !editorRef.current?.isEditable) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        void insertImages.current(editorRef.current, files, at);
        return true;
      },
    },
    onUpdate: ({ editor: e }) => onChangeRef.current?.(htmlOf(e)),
  });
  const editorRef = useRef<Editor | null>(editor);
  editorRef.current = editor;

  // A value set by the form (reset, load) replaces the content without echoing a change.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if ((value || '') !== htmlOf(editor)) editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(editable, false);
  }, [editor, editable]);

  const fileInput = useRef<HTMLInputElement>(null);
  const pickImage = () => fileInput.current?.click();
  const onFiles = (list: FileList | null) => {
    const all = list ? [...list] : [];
    const images = imagesOf(list);
    if (all.length > images.length) message.warning(t('请上传图片'));
    if (editor && images.length) void insertImages.current(editor, images);
    if (fileInput.current) fileInput.current.value = '';
  };
  const editLink = () => {
    if (!editor) return;
    const current = (editor.getAttributes('link').href as string | undefined) ?? '';
    prompt({
      title: t('链接'),
      placeholder: t('请输入链接地址，留空则移除链接'),
      defaultValue: current,
      rules: [{ pattern: LINK_ADDRESS, message: t('请输入以http、https或mailto开头的地址') }],
      onOk: (href) => {
        const chain = editor.chain().focus().extendMarkRange('link');
        if (href) chain.setLink({ href }).run();
        else chain.unsetLink().run();
      },
    });
  };

  return (
    <div
      className="rich-text-editor"
      data-disabled={disabled || undefined}
      style={{ border: '1px solid #d9d9d9', borderRadius: 6, background: disabled ? '#f5f5f5' : '#fff', ...style }}
    >
      {editor && !readOnly && <RichTextToolbar editor={editor} disabled={disabled} onImage={pickImage} onLink={editLink} />}
      <input ref={fileInput} type="file" accept="image/*" multiple hidden data-testid="rich-text-image-input" onChange={(e) => onFiles(e.target.files)} />
      <div data-testid="rich-text-area" style={{ height, overflow: 'auto', cursor: disabled ? 'not-allowed' : undefined }}>
        <EditorContent editor={editor} style={{ minHeight: '100%' }} />
      </div>
    </div>
  );
}

export default RichTextEditor;
