import sanitizeHtml from 'sanitize-html';

/**
 * What an article body may contain: text structure, links and images. Everything else goes,
 * with its content when it is a script or a style. Links and images may only use http(s) or
 * a path of this site, so `javascript:` and `data:` URLs never survive, and no attribute that
 * runs code (on*, style) is kept.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'img',
    'figure',
    'figcaption',
    'pre',
    'code',
    'hr',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { a: ['http', 'https', 'mailto'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links lead away from the site: no referrer, no ranking credit, a new tab (whatever the author set).
    a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow ugc noopener noreferrer', target: '_blank' }),
    // A picture the author did not describe is read as decoration, not announced by its file name.
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, alt: attribs.alt ?? '' } }),
  },
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The text of a body, for a summary or a description. */
export function plainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
}
