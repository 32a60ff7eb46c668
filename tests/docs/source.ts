import ts from 'typescript';

function scan(source: string, jsx: boolean, each: (token: ts.SyntaxKind, text: string) => void): void {
  const scanner = ts.createScanner(
    ts.ScriptTarget.Latest,
    false,
    jsx ? ts.LanguageVariant.JSX : ts.LanguageVariant.Standard,
    source,
  );
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan())
    each(token, scanner.getTokenText());
}

const isComment = (token: ts.SyntaxKind) =>
  token === ts.SyntaxKind.SingleLineCommentTrivia || token === ts.SyntaxKind.MultiLineCommentTrivia;

/** The comments of a TypeScript file, as its scanner sees them (a `//` inside a string or a URL literal is no comment). */
export function typescriptComments(source: string, jsx = false): string[] {
  const comments: string[] = [];
  scan(source, jsx, (token, text) => isComment(token) && comments.push(text));
  return comments;
}

/** A TypeScript file without its comments: what it does, not what it says. */
export function typescriptCode(source: string, jsx = false): string {
  let code = '';
  scan(source, jsx, (token, text) => void (code += isComment(token) ? ' ' : text));
  return code;
}
