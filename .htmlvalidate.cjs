/* html-validate over every built page (test/html.test.ts). Each relaxed rule
   says why; everything else of the recommended, a11y and document presets holds. */
module.exports = {
  extends: ['html-validate:recommended', 'html-validate:a11y', 'html-validate:document'],
  rules: {
    // React writes void elements as <meta/>, valid HTML syntax; only the style differs.
    'void-style': 'off',
    // React writes some attribute names in camelCase (charSet, dateTime); HTML attribute names are case-insensitive.
    'attr-case': 'off',
    // React writes boolean attributes as hidden="" and required=""; both forms are valid HTML.
    'attribute-empty-style': 'off',
    'attribute-boolean-style': 'off',
    // Our stylesheet and script are same-origin files with content-hashed names: SRI protects third-party hosts, which we do not use.
    'require-sri': 'off',
  },
};
