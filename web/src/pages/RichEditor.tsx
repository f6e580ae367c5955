/**
 * The campaign editor: TipTap (ProseMirror), loaded with the page that writes a campaign and
 * no sooner. It edits the HTML the campaign sends; placeholders are plain text (`#email#`)
 * that the server fills per contact, so they survive the editor as written.
 */
import StarterKit from '@tiptap/starter-kit';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { type FormEvent, useEffect, useState } from 'react';

export interface RichEditorHandle {
  insert: (text: string) => void;
}

export default function RichEditor(props: { html: string; onChange: (html: string) => void; onReady: (handle: RichEditorHandle) => void; labelId: string }) {
  const editor = useEditor({
    // Mail links open in the reader's mail client as it chooses: no target or rel of the editor's own.
    extensions: [StarterKit.configure({ trailingNode: false, link: { openOnClick: false, autolink: true, HTMLAttributes: { target: null, rel: null } } })],
    content: props.html,
    editorProps: { attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': props.labelId, class: 'rich-content' } },
    onUpdate: ({ editor }) => props.onChange(editor.isEmpty ? '' : editor.getHTML()),
  });
  const { onReady } = props;
  useEffect(() => {
    // As a text node: a placeholder is text, never parsed as HTML (which would open a paragraph of its own).
    if (editor) onReady({ insert: (text) => editor.chain().focus().insertContent({ type: 'text', text }).run() });
  }, [editor, onReady]);
  const active = useEditorState({
    editor,
    selector: ({ editor }) => ({
      bold: editor?.isActive('bold') ?? false,
      italic: editor?.isActive('italic') ?? false,
      h2: editor?.isActive('heading', { level: 2 }) ?? false,
      bullets: editor?.isActive('bulletList') ?? false,
      numbers: editor?.isActive('orderedList') ?? false,
      link: editor?.isActive('link') ?? false,
    }),
  });
  const [linking, setLinking] = useState(false);
  const [href, setHref] = useState('https://');
  if (!editor || !active) return null;
  const button = (label: string, pressed: boolean, run: () => void) => (
    <button type="button" className="small" aria-pressed={pressed} onClick={run}>
      {label}
    </button>
  );
  const applyLink = (e: FormEvent | React.MouseEvent) => {
    e.preventDefault();
    const chain = editor.chain().focus().extendMarkRange('link');
    if (href.trim() && href.trim() !== 'https://') chain.setLink({ href: href.trim() }).run();
    else chain.unsetLink().run();
    setLinking(false);
  };
  return (
    <div className="rich-editor">
      <div role="toolbar" aria-label="Formatting" className="toolbar">
        {button('Bold', active.bold, () => editor.chain().focus().toggleBold().run())}
        {button('Italic', active.italic, () => editor.chain().focus().toggleItalic().run())}
        {button('Heading', active.h2, () => editor.chain().focus().toggleHeading({ level: 2 }).run())}
        {button('Bulleted list', active.bullets, () => editor.chain().focus().toggleBulletList().run())}
        {button('Numbered list', active.numbers, () => editor.chain().focus().toggleOrderedList().run())}
        {button('Link', active.link, () => {
          setHref((editor.getAttributes('link').href as string | undefined) ?? 'https://');
          setLinking(!linking);
        })}
      </div>
      {linking && (
        <div className="link-input">
          <label htmlFor="rich-link">Link address</label>
          <input
            id="rich-link"
            type="url"
            value={href}
            onChange={(e) => setHref(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') applyLink(e);
            }}
          />
          <button type="button" className="small" onClick={applyLink}>
            Apply link
          </button>
        </div>
      )}
      <EditorContent editor={editor} />
    </div>
  );
}
