import { parseAst, type Plugin } from 'vite';

/**
 * The player site's production build reads `@bp/contract` for what a call needs at run time (id,
 * method, path, encrypted/form flags) and constants; the zod schemas are for the server, OpenAPI and
 * type inference (the site trusts the server's answers in production, shared/api/client.ts). This
 * plugin, in `vite build` only, rewrites each contract source file so that
 *
 * - endpoint declarations (object literals with `id`, `method`, `path` and `response`) lose `params`, `query`,
 *   `body`, `response`, `summary` and `tags`;
 * - every top-level `const` initialiser becomes a pure-annotated call, so a schema nothing reads any
 *   more is dropped by tree-shaking (zod's builders are calls the bundler must otherwise keep).
 *
 * Schemas the site does read (a form validating with one) stay, in the lazy chunk that reads them:
 * zod leaves the home route's JavaScript. The dev server keeps the full contract (the response
 * check of client.ts runs there).
 */
const CONTRACT_SOURCE = /[\\/]packages[\\/]contract[\\/]src[\\/](?!.*\.test\.)[^\\/]+\.ts$/;
const ENDPOINT_KEYS = ['id', 'method', 'path', 'response'];
const SERVER_ONLY_KEYS = new Set(['params', 'query', 'body', 'response', 'summary', 'tags']);
/** Initialisers already free of side effects: wrapping them gains nothing. */
const PLAIN = new Set(['Literal', 'Identifier', 'ArrowFunctionExpression', 'FunctionExpression']);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}
interface Edit {
  start: number;
  end: number;
  text: string;
}

const isNode = (v: unknown): v is Node =>
  typeof v === 'object' && v !== null && typeof (v as Node).type === 'string';

/** Depth-first; `visit` returning false skips the node's children. */
function walk(node: Node, visit: (n: Node) => boolean) {
  if (!visit(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' || key === 'start' || key === 'end') continue;
    if (Array.isArray(value)) for (const v of value) if (isNode(v)) walk(v, visit);
    if (isNode(value)) walk(value, visit);
  }
}

const keyName = (prop: Node): string | undefined => {
  if (prop.type !== 'Property' || prop.computed) return undefined;
  const key = prop.key as Node & { name?: string; value?: unknown };
  return key.type === 'Identifier' ? key.name : typeof key.value === 'string' ? key.value : undefined;
};

/** The rewrite itself (exported for the unit test). `code` is the JavaScript Vite made of the file. */
export function leanContractSource(code: string, id = 'contract'): string {
  const program = parseAst(code) as unknown as Node & { body: Node[] };
  const edits: Edit[] = [];
  const checkOffsets = (n: Node & { name?: string }) => {
    if (n.type === 'Identifier' && code.slice(n.start, n.end) !== n.name)
      throw new Error(`lean-contract: AST offsets do not match the text of ${id}`);
  };

  for (const statement of program.body) {
    const decl =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (!decl || decl.type !== 'VariableDeclaration') continue;
    for (const d of decl.declarations as Node[]) {
      checkOffsets(d.id as Node);
      const init = d.init as Node | null;
      if (!init || PLAIN.has(init.type)) continue;
      edits.push({ start: init.start, end: init.start, text: '/* @__PURE__ */ (() => (' });
      edits.push({ start: init.end, end: init.end, text: '))()' });
    }
  }

  walk(program, (n) => {
    if (n.type !== 'ObjectExpression') return true;
    const props = n.properties as Node[];
    const names = props.map(keyName);
    if (!ENDPOINT_KEYS.every((k) => names.includes(k))) return true;
    const kept = props.filter((_, i) => !SERVER_ONLY_KEYS.has(names[i] ?? ''));
    edits.push({
      start: n.start,
      end: n.end,
      text: `{ ${kept.map((p) => code.slice(p.start, p.end)).join(', ')} }`,
    });
    return false;
  });

  // Non-overlapping: insertions sit at an initialiser's ends, replacements strictly inside one.
  edits.sort((a, b) => b.start - a.start || b.end - a.end);
  let out = code;
  for (const e of edits) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

export function leanContract(): Plugin {
  return {
    name: 'bp:lean-contract',
    apply: 'build',
    transform(code, id) {
      if (!CONTRACT_SOURCE.test(id.split('?')[0] ?? '')) return null;
      return { code: leanContractSource(code, id), map: null };
    },
  };
}
