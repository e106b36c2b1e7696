/**
 * Mustache-style `{{placeholder}}` rendering (ARCHITECTURE section 1). No zod and no other imports:
 * the server's messaging code, the admin previews and the schema's placeholder check share it.
 *
 * Values come from spreadsheets, so they are never trusted: in HTML they are escaped, in text
 * (WhatsApp, SMS, an email's subject and text part) they are left as typed.
 */

export type RenderMode = 'html' | 'text';

export type TemplateValues = Readonly<Record<string, string | number | null | undefined>>;

/**
 * `{{name}}`, with optional spaces inside the braces: `{{ tenantName }}` works too (the name is
 * trimmed by the code, not matched around spaces, which would backtrack on a long run of them).
 */
export const PLACEHOLDER_PATTERN = /\{\{([^{}]*)\}\}/g;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Safe in element content and in quoted attribute values (href="…"). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

/** The placeholder names a template uses, in order of first use, each once. */
export function findPlaceholders(template: string): string[] {
  const names = new Set<string>();
  for (const match of template.matchAll(PLACEHOLDER_PATTERN)) names.add(match[1]!.trim());
  return [...names];
}

/** Replaces every placeholder; one with no value (or an unknown one) renders as nothing. */
export function renderTemplate(
  template: string,
  values: TemplateValues,
  options: { mode: RenderMode },
): string {
  return template.replace(PLACEHOLDER_PATTERN, (_match, braced: string) => {
    const name = braced.trim();
    // Own properties only: `{{constructor}}` must not reach Object.prototype.
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    if (value === null || value === undefined) return '';
    const text = String(value);
    return options.mode === 'html' ? escapeHtml(text) : text;
  });
}
