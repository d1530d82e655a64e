// In a server build a stylesheet import is nothing: the browser loads the CSS, markup needs none of it.
module.exports = function serverStylesheetLoader() {
  return 'export {};';
};
