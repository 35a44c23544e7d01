// Finds user-visible texts written straight into JSX instead of coming from the catalog: text
// children with a letter in them, string literals in JSX expressions, and string values of the
// props a person reads or hears (aria-label, title, placeholder, label, alt, description, …).
// Used by tests/unit/i18n-catalogs.test.ts over every .tsx file in src/.
import ts from 'typescript';

/** Props whose value is shown or announced. */
export const VISIBLE_PROPS = new Set([
  'aria-label', 'aria-description', 'aria-valuetext', 'title', 'placeholder', 'label', 'alt', 'description', 'error',
  'confirmLabel', 'cancelLabel', 'closeLabel', 'closeButtonLabel', 'heading', 'tooltip', 'message', 'emptyText', 'nothingFoundMessage', 'buttonLabel',
]);

/** A string that reads as words: a letter of any script (numbers, symbols and "Ŧ" alone are not). */
const WORDS = /\p{L}{2,}/u;

export interface BareString { line: number; text: string }

function literalTexts(node: ts.Node, out: ts.Node[]): void {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) { out.push(node); return; }
  if (ts.isTemplateExpression(node)) { out.push(node.head); for (const span of node.templateSpans) out.push(span.literal); return; }
  if (ts.isConditionalExpression(node)) { literalTexts(node.whenTrue, out); literalTexts(node.whenFalse, out); return; }
  if (ts.isBinaryExpression(node) && [ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.PlusToken].includes(node.operatorToken.kind)) {
    literalTexts(node.left, out); literalTexts(node.right, out); return;
  }
  if (ts.isParenthesizedExpression(node)) literalTexts(node.expression, out);
}

export function bareStrings(source: string, fileName = 'file.tsx'): BareString[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: BareString[] = [];
  const report = (node: ts.Node, text: string) => {
    if (WORDS.test(text)) found.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, text: text.trim() });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text);
    else if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      const literals: ts.Node[] = [];
      literalTexts(node.expression, literals);
      for (const literal of literals) report(literal, (literal as ts.LiteralLikeNode).text);
    } else if (ts.isJsxAttribute(node) && VISIBLE_PROPS.has(node.name.getText(file)) && node.initializer) {
      const init = node.initializer;
      const literals: ts.Node[] = [];
      if (ts.isStringLiteral(init)) literals.push(init);
      else if (ts.isJsxExpression(init) && init.expression) literalTexts(init.expression, literals);
      for (const literal of literals) report(literal, (literal as ts.LiteralLikeNode).text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
