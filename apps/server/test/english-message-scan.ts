import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * Finds the English messages the server and the contract can give a person, by reading their
 * source: the texts passed to the error helpers (`badRequest`, `notFound`, ..., `new AppError`),
 * zod messages (`error:` / `message:`, and the message argument of `.min`, `.max`, `.refine`...),
 * the values of `...Messages` objects and of UPPER_CASE constants, `message = '...'` defaults, and
 * what the `...Problem` / `...Message` functions return. A template's `${...}` parts come back as
 * HOLE, so a caller can match them against a registry entry's `{{params}}`.
 */
export const HOLE = '⟨…⟩';

export interface FoundMessage {
  file: string;
  line: number;
  text: string;
}

const ERROR_HELPERS = new Set(['badRequest', 'unauthorized', 'forbidden', 'notFound', 'conflict', 'locked', 'tooManyRequests']);
const ZOD_MESSAGE_METHODS = new Set([
  'min', 'max', 'length', 'int', 'positive', 'nonnegative', 'negative', 'nonpositive', 'gt', 'gte', 'lt', 'lte',
  'finite', 'multipleOf', 'email', 'url', 'uuid', 'regex', 'refine', 'startsWith', 'endsWith', 'datetime', 'date',
]);
const MESSAGE_PROPERTIES = new Set(['error', 'message']);

/** Files whose sentences are not answers to a request (start-up and data checks, command-line tools). */
const SKIPPED = [/\/cli\//, /\/lib\/runtime\.ts$/, /\/db\//, /\/config\.ts$/, /\/statistics-data\.ts$/];

/** Looks like a sentence a person reads: a capital or a value first, a space, a full stop or the like last. */
export function isSentence(text: string): boolean {
  return (/^[A-Z]/.test(text) || text.startsWith(HOLE)) && text.includes(' ') && /[.?!)]$/.test(text);
}

function textOf(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((span) => HOLE + span.literal.text).join('');
  return null;
}

function calleeName(call: ts.CallExpression | ts.NewExpression): string | null {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return null;
}

function enclosingFunctionName(node: ts.Node): string | null {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isFunctionDeclaration(at) && at.name) return at.name.text;
    if ((ts.isArrowFunction(at) || ts.isFunctionExpression(at)) && ts.isVariableDeclaration(at.parent) && ts.isIdentifier(at.parent.name)) {
      return at.parent.name.text;
    }
  }
  return null;
}

/** Whether a text node sits where a message to a person goes. */
function isMessagePosition(node: ts.Node): boolean {
  for (let child = node, at = node.parent; at; child = at, at = at.parent) {
    if (ts.isParenthesizedExpression(at) || ts.isConditionalExpression(at) || ts.isBinaryExpression(at) || ts.isAsExpression(at)) continue;
    if (ts.isCallExpression(at) || ts.isNewExpression(at)) {
      const name = calleeName(at);
      if (at.expression === child) return false;
      if (ts.isNewExpression(at) && name === 'AppError') return true;
      if (ts.isCallExpression(at) && name && ERROR_HELPERS.has(name)) return true;
      return ts.isCallExpression(at) && ts.isPropertyAccessExpression(at.expression) && name !== null && ZOD_MESSAGE_METHODS.has(name);
    }
    if (ts.isPropertyAssignment(at)) {
      const key = at.name.getText();
      if (MESSAGE_PROPERTIES.has(key)) return true;
      // A value of an object literal that is a `...Messages` constant, maybe through a function that builds it.
      const owner = at.parent;
      if (!ts.isObjectLiteralExpression(owner)) return false;
      let holder: ts.Node = owner.parent;
      while (ts.isAsExpression(holder) || ts.isSatisfiesExpression(holder) || ts.isParenthesizedExpression(holder)) holder = holder.parent;
      if (ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name) && /Messages$/.test(holder.name.text)) return true;
      // The fieldErrors object of an error call.
      const name = ts.isCallExpression(holder) || ts.isNewExpression(holder) ? calleeName(holder) : null;
      return (ts.isNewExpression(holder) && name === 'AppError') || (ts.isCallExpression(holder) && name !== null && ERROR_HELPERS.has(name));
    }
    if (ts.isArrowFunction(at) && at.body === child) {
      // `contradiction: (allergen, diet) => \`...\`` inside a Messages object.
      continue;
    }
    if (ts.isVariableDeclaration(at)) return ts.isIdentifier(at.name) && /^[A-Z][A-Z0-9_]*$|[mM]essage$/.test(at.name.text);
    if (ts.isParameter(at)) return ts.isIdentifier(at.name) && at.name.text === 'message';
    if (ts.isReturnStatement(at)) {
      const name = enclosingFunctionName(at);
      return name !== null && /(Problem|Message)$/.test(name);
    }
    return false;
  }
  return false;
}

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) files.push(path);
  }
  return files;
}

/** Every message text in the `.ts` files under the given folders (tests left out). */
export function scanEnglishMessages(root: string, folders: readonly string[]): FoundMessage[] {
  const found: FoundMessage[] = [];
  for (const folder of folders) {
    for (const path of sourceFiles(join(root, folder))) {
      const file = relative(root, path);
      if (SKIPPED.some((pattern) => pattern.test(`/${file}`))) continue;
      const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node) => {
        const text = textOf(node);
        if (text !== null && isSentence(text) && isMessagePosition(node)) {
          found.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text });
        }
        if (!ts.isTemplateExpression(node)) ts.forEachChild(node, visit);
        else for (const span of node.templateSpans) visit(span.expression);
      };
      visit(source);
    }
  }
  return found;
}
