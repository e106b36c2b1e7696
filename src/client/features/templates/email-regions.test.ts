import { describe, expect, it } from 'vitest';
import { editableRegionOf, withEditedRegion } from './email-regions';

describe('the editable part of an email', () => {
  it('is between the layout’s markers, and the frame is kept as it is', () => {
    const html =
      '<html><body><table><tr><td>\n<!-- editable -->\n<h1>Hello</h1>\n<!-- /editable -->\n</td></tr></table></body></html>';
    const region = editableRegionOf(html)!;
    expect(region.inner).toBe('<h1>Hello</h1>');
    expect(withEditedRegion(region, '<h1>Hi</h1>')).toBe(
      '<html><body><table><tr><td>\n<!-- editable -->\n<h1>Hi</h1>\n<!-- /editable -->\n</td></tr></table></body></html>',
    );
  });

  it('is the whole body of a plain fragment, and none of a document without markers', () => {
    expect(editableRegionOf('<p>Dear {{tenantName}}</p>')).toEqual({
      before: '',
      inner: '<p>Dear {{tenantName}}</p>',
      after: '',
    });
    expect(editableRegionOf('<html><body><p>x</p></body></html>')).toBeNull();
    expect(editableRegionOf('<table><tr><td>x</td></tr></table>')).toBeNull();
  });
});
