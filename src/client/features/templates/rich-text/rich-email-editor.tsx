import { type Editor, EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { TEMPLATE_PLACEHOLDERS } from '../../../../shared/templates';
import { type EditableRegion, editableRegionOf, withEditedRegion } from '../email-regions';
import { EditorToolbar } from './editor-toolbar';
import { emailExtensions, isKeptByEditor, restoreHtmlBlocks } from './email-extensions';

export interface RichEmailEditorProps {
  /** The field's whole HTML; only its editable part is shown (email-regions.ts). */
  value: string;
  labelId: string;
  describedBy: string;
  isInvalid: boolean;
  onChange: (html: string) => void;
  onFocus: () => void;
  /** This HTML would not come back the same: the field shows its HTML view instead. */
  onUnsupported: () => void;
  /** The editor, for the Template Variables card to insert a placeholder where the cursor is. */
  onEditor: (editor: Editor | null) => void;
}

/** The part of `value` the editor may hold, or null when only the HTML view can edit it. */
function editableOf(value: string, extensions: ReturnType<typeof emailExtensions>) {
  const region = editableRegionOf(value);
  return region && isKeptByEditor(region.inner, extensions) ? region : null;
}

/**
 * The formatted editor of an HTML email body (issue 31): headings, bold, italic, links, lists and
 * the placeholders as chips, for a clerk who should not have to write HTML. It writes the same
 * HTML field; the frame around the editable part (tables and inline styles for mail apps) is
 * kept as it is, and layout it cannot edit is kept whole as a block. Loaded only on the Template
 * Manager, so its code never reaches other pages.
 */
export default function RichEmailEditor(props: RichEmailEditorProps) {
  const { value, labelId, describedBy, isInvalid, onChange, onFocus, onUnsupported, onEditor } =
    props;
  const extensions = useMemo(emailExtensions, []);
  const [initial] = useState(() => editableOf(value, extensions));
  const region = useRef<EditableRegion | null>(initial);
  // What this editor last wrote, to tell its own changes from a reset or a load.
  const lastWritten = useRef(value);
  const callbacks = useRef({ onChange, onFocus });
  callbacks.current = { onChange, onFocus };

  const editor = useEditor({
    extensions,
    content: initial?.inner ?? '',
    immediatelyRender: true,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        'aria-describedby': describedBy,
        'aria-invalid': String(isInvalid),
        class:
          'email-editor min-h-48 max-h-[32rem] overflow-auto rounded-b-md bg-card px-4 py-3 text-base leading-relaxed focus-visible:outline-none',
      },
    },
    onUpdate: ({ editor: current }) => {
      if (!region.current) return;
      const html = withEditedRegion(region.current, restoreHtmlBlocks(current.getHTML()));
      lastWritten.current = html;
      callbacks.current.onChange(html);
    },
    onFocus: () => callbacks.current.onFocus(),
  });

  useEffect(() => {
    if (!initial) onUnsupported();
  }, [initial, onUnsupported]);

  useEffect(() => {
    onEditor(editor);
    return () => onEditor(null);
  }, [editor, onEditor]);

  useEffect(() => {
    editor.setOptions({
      editorProps: {
        attributes: {
          ...(editor.options.editorProps.attributes as Record<string, string>),
          'aria-invalid': String(isInvalid),
        },
      },
    });
  }, [editor, isInvalid]);

  // A value from outside (Discard changes, a reload of the saved copy) replaces what is shown.
  useEffect(() => {
    if (value === lastWritten.current) return;
    const next = editableOf(value, extensions);
    lastWritten.current = value;
    if (!next) {
      onUnsupported();
      return;
    }
    region.current = next;
    editor.commands.setContent(next.inner, { emitUpdate: false });
  }, [value, editor, extensions, onUnsupported]);

  if (!initial) return null;
  return (
    <div className="rounded-md border border-input shadow-xs focus-within:ring-2 focus-within:ring-ring aria-invalid:border-destructive">
      <EditorToolbar editor={editor} placeholders={TEMPLATE_PLACEHOLDERS.map((p) => p.name)} />
      <EditorContent editor={editor} />
    </div>
  );
}
