import { Plugin } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { Extension, type Extensions, generateHTML, generateJSON, Node } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';

/** Mail apps ignore <style> blocks, so emails carry inline styles: keep them through edits. */
const KeepStyles = Extension.create({
  name: 'keepStyles',
  addGlobalAttributes() {
    return [
      {
        types: ['paragraph', 'heading', 'link', 'bulletList', 'orderedList', 'listItem'],
        attributes: {
          style: {
            default: null,
            parseHTML: (element) => element.getAttribute('style'),
            renderHTML: (attributes) => (attributes.style ? { style: attributes.style } : {}),
          },
        },
      },
    ];
  },
});

/** Written out in place of an HtmlBlock, then swapped for its HTML (restoreHtmlBlocks). */
const BLOCK_TAG = 'email-html-block';

/** What a kept block is, in words: 'Pay button (HTML view only): Pay now …'. */
export function blockLabel(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  // Each cell's words apart: 'Amount due {{amount}} Property …', not 'Amount due{{amount}}…'.
  const words: string[] = [];
  const walker = document.createTreeWalker(template.content, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) words.push(walker.currentNode.textContent ?? '');
  const text = words.join(' ').replace(/\s+/g, ' ').trim();
  const isButton = template.content.querySelector('a[href="{{paymentUrl}}"]') !== null;
  const short = text.length > 90 ? `${text.slice(0, 90)}…` : text;
  return `${isButton ? 'Pay button' : 'Layout block'} (HTML view only): ${short}`;
}

/**
 * Layout the formatted editor cannot edit (the summary table, the Pay button, the notice box) is
 * kept whole, as it is, as one block shown by what it says; the HTML view edits it.
 */
const HtmlBlock = Node.create({
  name: 'htmlBlock',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: false,
  addAttributes() {
    return {
      html: { default: '', parseHTML: (element) => element.outerHTML, rendered: false },
    };
  },
  parseHTML() {
    return ['table', 'div', 'center', 'hr'].map((tag) => ({ tag, priority: 1000 }));
  },
  renderHTML({ node }) {
    return [BLOCK_TAG, { 'data-html': node.attrs.html as string }];
  },
  addNodeView() {
    return ({ node }) => {
      const dom = document.createElement('div');
      dom.contentEditable = 'false';
      dom.className =
        'my-3 rounded-md border border-dashed border-border bg-muted px-3 py-2 text-sm text-muted-foreground';
      dom.textContent = blockLabel(node.attrs.html as string);
      return { dom };
    };
  },
});

const PLACEHOLDER = /\{\{\s*[A-Za-z]+\s*\}\}/g;

/** {{placeholders}} shown as chips in the text, so staff see what each message fills in. */
const PlaceholderChips = Extension.create({
  name: 'placeholderChips',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        props: {
          decorations(state) {
            const decorations: Decoration[] = [];
            state.doc.descendants((node, position) => {
              if (!node.isText || !node.text) return;
              for (const match of node.text.matchAll(PLACEHOLDER)) {
                const from = position + (match.index ?? 0);
                decorations.push(
                  Decoration.inline(from, from + match[0].length, {
                    class: 'rounded bg-info-soft px-1 font-mono text-[0.85em] text-info',
                  }),
                );
              }
            });
            return DecorationSet.create(state.doc, decorations);
          },
        },
      }),
    ];
  },
});

/** Links to web pages, email and phone, or the leaseholder's own {{paymentUrl}}. */
export function isAllowedHref(url: string): boolean {
  return /^\{\{\s*paymentUrl\s*\}\}$/.test(url) || /^(?:https?:|mailto:|tel:)/i.test(url);
}

export function emailExtensions(): Extensions {
  return [
    StarterKit.configure({
      code: false,
      codeBlock: false,
      blockquote: false,
      strike: false,
      horizontalRule: false,
      trailingNode: false,
      heading: { levels: [1, 2, 3] },
      link: {
        openOnClick: false,
        autolink: false,
        HTMLAttributes: { target: '_blank', rel: 'noopener', class: null },
        isAllowedUri: (url) => isAllowedHref(url),
      },
    }),
    KeepStyles,
    HtmlBlock,
    PlaceholderChips,
  ];
}

/** The editor's HTML with each kept block put back as the HTML it was. */
export function restoreHtmlBlocks(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const block of template.content.querySelectorAll(BLOCK_TAG)) {
    const original = document.createElement('template');
    original.innerHTML = block.getAttribute('data-html') ?? '';
    block.replaceWith(original.content);
  }
  return template.innerHTML;
}

/** The HTML the formatted editor would write back for `html`, untouched. */
export function roundTrip(html: string, extensions: Extensions): string {
  return restoreHtmlBlocks(generateHTML(generateJSON(html, extensions), extensions));
}

const SAME_AS: Record<string, string> = { B: 'STRONG', I: 'EM' };

/** Words, links and formatting, ignoring whitespace and how tags are spelt: what a reader sees. */
function signatureOf(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const tags = [
    ...template.content.querySelectorAll(
      'a,img,b,strong,i,em,u,h1,h2,h3,h4,h5,h6,ul,ol,li,table,span,font,br,hr',
    ),
  ].map((element) => {
    const tag = SAME_AS[element.tagName] ?? element.tagName;
    return tag === 'A' ? `A[${element.getAttribute('href') ?? ''}]` : tag;
  });
  // Blocks are written without the line breaks between them: only the words are compared.
  const text = (template.content.textContent ?? '').replace(/\s+/g, '');
  return `${tags.join(',')}|${text}`;
}

/**
 * Whether the formatted editor keeps this HTML: its words, links and formatting come back the
 * same. When not (styled spans, images inside text…), only the HTML view is offered, so nothing
 * is dropped without anyone noticing.
 */
export function isKeptByEditor(html: string, extensions: Extensions): boolean {
  return signatureOf(html) === signatureOf(roundTrip(html, extensions));
}
