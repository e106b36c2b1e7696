import { EDITABLE_END, EDITABLE_START } from '../../../shared/templates';

/** An email body cut where the formatted editor may write: the frame before and after stays. */
export interface EditableRegion {
  before: string;
  inner: string;
  after: string;
}

/**
 * The part of an HTML email staff may edit as formatted text: between the default layout's
 * markers, or the whole body when it is a plain fragment (no document, tables or styles of its
 * own). Null when neither: such HTML is for the HTML view only.
 */
export function editableRegionOf(html: string): EditableRegion | null {
  const start = html.indexOf(EDITABLE_START);
  const end = html.indexOf(EDITABLE_END);
  if (start >= 0 && end > start) {
    return {
      before: html.slice(0, start + EDITABLE_START.length),
      inner: html.slice(start + EDITABLE_START.length, end).trim(),
      after: html.slice(end),
    };
  }
  if (/<(?:!doctype|html|head|body|style|table|script)\b/i.test(html)) return null;
  return { before: '', inner: html.trim(), after: '' };
}

/** The whole body again, with the edited part put back between the markers. */
export function withEditedRegion(region: EditableRegion, inner: string): string {
  if (region.before === '' && region.after === '') return inner;
  return `${region.before}\n${inner}\n${region.after}`;
}
