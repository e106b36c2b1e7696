/**
 * An email as the leaseholder's mail app would show it. The HTML never enters the admin page: it
 * is drawn in a sandbox with no scripts, no same-origin access, no forms and no navigation of
 * this page, so a tenant name such as `<script>` in a spreadsheet can do nothing here.
 */
export function EmailPreview({
  subject,
  body,
  title,
  to,
  cc = [],
  isHtml = true,
  isLazy = false,
}: {
  subject: string;
  /** HTML, or plain text when `isHtml` is false (an email's text part). */
  body: string;
  /** Names the frame for screen readers, e.g. 'Email to Mrs Hughes'. */
  title: string;
  to?: string | null;
  /** Joint leaseholders copied in. */
  cc?: readonly string[];
  isHtml?: boolean;
  /** Draw the frame only when scrolled near: for long lists of emails (the batch preview). */
  isLazy?: boolean;
}) {
  return (
    <div className="overflow-hidden rounded-lg border border-border">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 border-b border-border bg-muted px-3 py-2 text-sm">
        {to ? (
          <>
            <dt className="text-muted-foreground">To</dt>
            <dd className="wrap-anywhere">{to}</dd>
          </>
        ) : null}
        {to && cc.length > 0 ? (
          <>
            <dt className="text-muted-foreground">Cc</dt>
            <dd className="wrap-anywhere">{cc.join(', ')}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Subject</dt>
        <dd className="wrap-anywhere font-medium" data-testid="email-subject">
          {subject}
        </dd>
      </dl>
      {isHtml ? (
        <iframe
          title={title}
          sandbox=""
          srcDoc={body}
          referrerPolicy="no-referrer"
          loading={isLazy ? 'lazy' : 'eager'}
          className="block h-[480px] w-full bg-white sm:h-[560px]"
        />
      ) : (
        <pre className="max-h-[560px] overflow-auto whitespace-pre-wrap wrap-anywhere bg-card p-3 font-sans text-sm leading-relaxed">
          {body}
        </pre>
      )}
    </div>
  );
}
