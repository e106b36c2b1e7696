import { type Editor, useEditorState } from '@tiptap/react';
import {
  Bold,
  Heading2,
  Italic,
  Link2,
  List,
  ListOrdered,
  type LucideIcon,
  Redo2,
  Undo2,
} from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { isAllowedHref } from './email-extensions';

function ToolButton({
  label,
  icon: Icon,
  isActive,
  isDisabled,
  onClick,
}: {
  label: string;
  icon: LucideIcon;
  isActive?: boolean;
  isDisabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={isActive === undefined ? undefined : isActive}
      disabled={isDisabled}
      // Keeps the editor's selection: a mouse press on the button would otherwise take focus.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={cn(
        'inline-flex size-9 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-40',
        isActive && 'bg-primary-soft text-primary',
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
    </button>
  );
}

const LINK_HINT = 'A web address (https://…), mailto:…, tel:…, or {{paymentUrl}}.';

/** Asks for a link's address, as a row under the toolbar (no pop-up to lose focus to). */
function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const id = useId();
  const current = (editor.getAttributes('link').href as string | undefined) ?? '';
  const [href, setHref] = useState(current || '{{paymentUrl}}');
  const [problem, setProblem] = useState<string | null>(null);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const address = href.trim();
    if (!isAllowedHref(address)) {
      setProblem(`This address cannot be used. ${LINK_HINT}`);
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain
        .insertContent({
          type: 'text',
          text: address,
          marks: [{ type: 'link', attrs: { href: address } }],
        })
        .run();
    } else {
      chain.setLink({ href: address }).run();
    }
    onDone();
  };
  return (
    <form
      onSubmit={apply}
      className="flex flex-col gap-2 border-b border-border bg-muted/50 px-3 py-2 sm:flex-row sm:items-start"
    >
      <div className="flex flex-1 flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          Link address
        </label>
        <input
          id={id}
          value={href}
          onChange={(event) => setHref(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint`}
          className="h-9 rounded-md border border-input bg-card px-2 text-sm"
        />
        <p
          id={`${id}-hint`}
          className={cn('text-xs', problem ? 'text-destructive' : 'text-muted-foreground')}
        >
          {problem ?? LINK_HINT}
        </p>
      </div>
      <div className="flex gap-2 sm:pt-6">
        <Button type="submit" size="sm">
          Apply
        </Button>
        {current ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => {
              editor.chain().focus().extendMarkRange('link').unsetLink().run();
              onDone();
            }}
          >
            Remove link
          </Button>
        ) : null}
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Formatting buttons, then the placeholders as chips that insert at the cursor. */
export function EditorToolbar({
  editor,
  placeholders,
}: {
  editor: Editor;
  placeholders: string[];
}) {
  const [isLinking, setIsLinking] = useState(false);
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      isHeading: current.isActive('heading', { level: 2 }),
      isBold: current.isActive('bold'),
      isItalic: current.isActive('italic'),
      isLink: current.isActive('link'),
      isBullets: current.isActive('bulletList'),
      isNumbers: current.isActive('orderedList'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const run = (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) =>
    command(editor.chain().focus()).run();
  return (
    <div className="rounded-t-md border-b border-border bg-muted/40">
      <div
        role="toolbar"
        aria-label="Formatting"
        className="flex flex-wrap items-center gap-0.5 px-1.5 py-1"
      >
        <ToolButton
          label="Heading"
          icon={Heading2}
          isActive={state.isHeading}
          onClick={() => run((chain) => chain.toggleHeading({ level: 2 }))}
        />
        <ToolButton
          label="Bold"
          icon={Bold}
          isActive={state.isBold}
          onClick={() => run((chain) => chain.toggleBold())}
        />
        <ToolButton
          label="Italic"
          icon={Italic}
          isActive={state.isItalic}
          onClick={() => run((chain) => chain.toggleItalic())}
        />
        <ToolButton
          label="Link"
          icon={Link2}
          isActive={state.isLink}
          onClick={() => setIsLinking((open) => !open)}
        />
        <ToolButton
          label="Bulleted list"
          icon={List}
          isActive={state.isBullets}
          onClick={() => run((chain) => chain.toggleBulletList())}
        />
        <ToolButton
          label="Numbered list"
          icon={ListOrdered}
          isActive={state.isNumbers}
          onClick={() => run((chain) => chain.toggleOrderedList())}
        />
        <span aria-hidden="true" className="mx-1 h-6 w-px bg-border" />
        <ToolButton
          label="Undo"
          icon={Undo2}
          isDisabled={!state.canUndo}
          onClick={() => run((chain) => chain.undo())}
        />
        <ToolButton
          label="Redo"
          icon={Redo2}
          isDisabled={!state.canRedo}
          onClick={() => run((chain) => chain.redo())}
        />
      </div>
      {isLinking ? <LinkForm editor={editor} onDone={() => setIsLinking(false)} /> : null}
      <div className="flex flex-wrap items-center gap-1.5 border-t border-border px-2.5 py-2">
        <span className="text-xs font-medium text-muted-foreground">Insert:</span>
        {placeholders.map((name) => (
          <button
            key={name}
            type="button"
            aria-label={`Insert {{${name}}} here`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => run((chain) => chain.insertContent(`{{${name}}}`))}
            className="rounded-full border border-info/30 bg-info-soft px-2 py-0.5 font-mono text-xs text-info hover:border-info focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {name}
          </button>
        ))}
      </div>
    </div>
  );
}
