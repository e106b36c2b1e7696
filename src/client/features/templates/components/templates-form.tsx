import { zodResolver } from '@hookform/resolvers/zod';
import type { Editor } from '@tiptap/react';
import { Loader2, Save, Undo2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useForm, useWatch } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/toaster';
import { plural } from '@/lib/plural';
import {
  TEMPLATE_FIELD_INFO,
  TEMPLATE_FIELDS,
  TEMPLATE_TAB_FIELDS,
  type TemplateField,
  type Templates,
  TemplatesSchema,
  type TemplateTab,
} from '../../../../shared/templates';
import { useUpdateTemplates } from '../api/update-templates';
import { SAVE_TEXT, type SaveScope, serverFieldErrors, TABS } from '../save-scopes';
import { useMediaQuery } from '../use-media-query';
import { useWarnBeforeLeaving } from '../use-warn-before-leaving';
import { LeaveUnsavedDialog } from './leave-unsaved-dialog';
import { SaveFailureNote } from './save-failure-note';
import { TemplateFieldEditor } from './template-field';
import { TemplatePreview } from './template-preview';
import { TemplateVariablesCard } from './template-variables-card';
import { TemplatesHeading } from './templates-heading';

const unsavedLabel = (count: number) => plural(count, 'unsaved change');

/**
 * The Template Manager's editor (spec sections 2, 5 and 8). `saved` is the server copy: a
 * per-tab save sends the other tab's fields from it unchanged, so edits still open on the other
 * tab are neither sent nor lost.
 */
export function TemplatesForm({ saved }: { saved: Templates }) {
  const {
    control,
    register,
    trigger,
    getValues,
    getFieldState,
    setValue,
    setError,
    reset,
    formState: { errors },
  } = useForm<Templates>({
    resolver: zodResolver(TemplatesSchema),
    defaultValues: saved,
    // Checked as staff type: a cleared field or a mistyped {{placeholder}} shows at once.
    mode: 'onChange',
  });
  const values = useWatch({ control }) as Templates;
  const [tab, setTab] = useState<TemplateTab>('whatsapp');
  const [activeFields, setActiveFields] = useState<Record<TemplateTab, TemplateField>>({
    whatsapp: 'whatsappPaymentLink',
    email: 'emailPaymentHtml',
  });
  const [failure, setFailure] = useState<{ scope: SaveScope; detail?: string } | null>(null);
  const [lastScope, setLastScope] = useState<SaveScope>('all');
  const elements = useRef<Partial<Record<TemplateField, HTMLInputElement | HTMLTextAreaElement>>>(
    {},
  );
  // The formatted editors of the HTML bodies, where a placeholder goes in formatted view.
  const editors = useRef<Partial<Record<TemplateField, Editor | null>>>({});
  const update = useUpdateTemplates();
  const isWide = useMediaQuery('(min-width: 1024px)');

  const unsavedFields = TEMPLATE_FIELDS.filter((field) => values[field] !== saved[field]);
  const unsavedIn = (scope: TemplateTab) =>
    unsavedFields.filter((field) => TEMPLATE_FIELD_INFO[field].tab === scope).length;
  const leaving = useWarnBeforeLeaving(unsavedFields.length > 0);

  const activeField = activeFields[tab];
  const savingScope = update.isPending ? lastScope : null;

  /** Shows a field's tab, makes it the one previewed, and puts the cursor in it. */
  const focusField = (field: TemplateField) => {
    const fieldTab = TEMPLATE_FIELD_INFO[field].tab;
    flushSync(() => {
      setTab(fieldTab);
      setActiveFields((current) => ({ ...current, [fieldTab]: field }));
    });
    elements.current[field]?.focus();
  };

  const save = async (scope: SaveScope) => {
    const fields = scope === 'all' ? TEMPLATE_FIELDS : TEMPLATE_TAB_FIELDS[scope];
    setFailure(null);
    // Only this save's fields are checked: a half-edited field on the other tab stays as it is.
    const isValid = await trigger(fields);
    if (!isValid) {
      const firstInvalid = fields.find((field) => getFieldState(field).error);
      if (firstInvalid) focusField(firstInvalid);
      return;
    }
    const current = getValues();
    const templates = { ...saved };
    for (const field of fields) templates[field] = current[field];

    setLastScope(scope);
    update.mutate(templates, {
      onSuccess: () => {
        toast.success(SAVE_TEXT[scope].success, {
          description: SAVE_TEXT[scope].successDescription,
        });
      },
      onError: (error) => {
        toast.error('Error', { description: SAVE_TEXT[scope].error });
        const fieldErrors = serverFieldErrors(error);
        for (const { field, message } of fieldErrors) {
          setError(field, { type: 'server', message });
        }
        setFailure({
          scope,
          detail: fieldErrors.length > 0 ? undefined : (error as Error).message,
        });
        if (fieldErrors[0]) focusField(fieldErrors[0].field);
      },
    });
  };

  /** Puts a {{placeholder}} into the field being edited, where the cursor is. */
  const insertPlaceholder = (token: string) => {
    const field = activeField;
    const editor = editors.current[field];
    if (editor) {
      editor.chain().focus().insertContent(token).run();
      return;
    }
    const element = elements.current[field];
    const value = getValues(field);
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    setValue(field, value.slice(0, start) + token + value.slice(end), {
      shouldDirty: true,
      shouldValidate: true,
    });
    if (element) {
      element.focus();
      const caret = start + token.length;
      requestAnimationFrame(() => element.setSelectionRange(caret, caret));
    }
  };

  const variablesCard = (
    <TemplateVariablesCard
      targetLabel={TEMPLATE_FIELD_INFO[activeField].label}
      onInsert={insertPlaceholder}
    />
  );
  const preview = <TemplatePreview field={activeField} values={values} isInline={!isWide} />;

  const failureNote = (scope: SaveScope) =>
    failure?.scope === scope ? <SaveFailureNote scope={scope} detail={failure.detail} /> : null;

  const saveButton = (scope: SaveScope, variant: 'default' | 'outline' = 'default') => (
    <Button
      type="button"
      variant={variant}
      onClick={() => void save(scope)}
      disabled={update.isPending}
      className="w-full sm:w-auto"
    >
      {savingScope === scope ? (
        <Loader2 aria-hidden="true" className="animate-spin" />
      ) : (
        <Save aria-hidden="true" />
      )}
      {savingScope === scope ? 'Saving...' : SAVE_TEXT[scope].button}
    </Button>
  );

  return (
    <>
      <TemplatesHeading
        actions={
          <div className="flex flex-col gap-2 sm:items-end">
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <p role="status" className="text-sm sm:text-right">
                {unsavedFields.length > 0 ? (
                  <Badge variant="warning">{unsavedLabel(unsavedFields.length)}</Badge>
                ) : (
                  <span className="text-muted-foreground">All changes saved</span>
                )}
              </p>
              {unsavedFields.length > 0 ? (
                <Button
                  type="button"
                  variant="ghost"
                  onClick={() => {
                    reset(saved);
                    setFailure(null);
                  }}
                  disabled={update.isPending}
                  className="w-full sm:w-auto"
                >
                  <Undo2 aria-hidden="true" />
                  Discard changes
                </Button>
              ) : null}
              {saveButton('all')}
            </div>
            {failureNote('all')}
          </div>
        }
      />

      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Template type" className="mb-4 w-full sm:w-auto">
          {TABS.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value} className="flex-1 sm:flex-none">
              <Icon aria-hidden="true" className="hidden sm:block" />
              {label}
              {unsavedIn(value) > 0 ? (
                <>
                  <span aria-hidden="true" className="size-2 rounded-full bg-warning" />
                  <span className="sr-only">({unsavedLabel(unsavedIn(value))})</span>
                </>
              ) : null}
            </TabsTrigger>
          ))}
        </TabsList>

        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
          <div className="flex min-w-0 flex-col gap-6">
            {TABS.map(({ value, label, description }) => (
              // Both panels stay mounted, so a per-tab save keeps the other tab's edits.
              <TabsContent key={value} value={value} forceMount hidden={tab !== value}>
                <Card>
                  <CardHeader>
                    <h2 className="text-lg font-semibold leading-tight">{label}</h2>
                    <CardDescription>{description}</CardDescription>
                  </CardHeader>
                  <CardContent className="flex flex-col gap-6">
                    {TEMPLATE_TAB_FIELDS[value].map((field) => (
                      <TemplateFieldEditor
                        key={field}
                        field={field}
                        value={values[field] ?? ''}
                        error={errors[field]?.message}
                        isUnsaved={unsavedFields.includes(field)}
                        registration={register(field)}
                        inputRef={(element) => {
                          if (element) elements.current[field] = element;
                        }}
                        onFocus={() =>
                          setActiveFields((current) =>
                            current[value] === field ? current : { ...current, [value]: field },
                          )
                        }
                        onHtmlChange={(html) =>
                          setValue(field, html, { shouldDirty: true, shouldValidate: true })
                        }
                        onEditor={(editor) => (editors.current[field] = editor)}
                        isShown={tab === value}
                      >
                        {!isWide && activeFields[value] === field && tab === value ? preview : null}
                      </TemplateFieldEditor>
                    ))}
                  </CardContent>
                  <div className="flex flex-col gap-3 border-t border-border px-5 py-5 sm:flex-row sm:items-center sm:justify-between sm:px-6">
                    <p className="text-sm text-muted-foreground">
                      {unsavedIn(value) > 0
                        ? `${unsavedLabel(unsavedIn(value))} on this tab.`
                        : 'No unsaved changes on this tab.'}
                    </p>
                    {saveButton(value, 'outline')}
                  </div>
                  {failure?.scope === value ? (
                    <div className="px-5 pb-5 sm:px-6 sm:pb-6">{failureNote(value)}</div>
                  ) : null}
                </Card>
              </TabsContent>
            ))}
            {variablesCard}
          </div>
          {isWide ? (
            // Sticky, so the preview stays in sight while staff scroll down a long template.
            <aside aria-label="Preview" className="sticky top-4">
              {preview}
            </aside>
          ) : null}
        </div>
      </Tabs>
      <LeaveUnsavedDialog
        isOpen={leaving.pendingHref !== null}
        unsavedCount={unsavedFields.length}
        onStay={leaving.stay}
        onLeave={leaving.leave}
      />
    </>
  );
}
