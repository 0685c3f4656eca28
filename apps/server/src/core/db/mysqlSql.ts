import {
  CompiledQuery,
  InsertQueryNode,
  MysqlDialect,
  MysqlQueryCompiler,
  type QueryCompiler,
  type QueryId,
  OnDuplicateKeyNode,
  OperationNodeTransformer,
  OrActionNode,
  RawNode,
  type OperationNode,
  type ReferenceNode,
  type RootOperationNode,
} from 'kysely';

// The code says a thing once for all three databases; on MySQL and MariaDB this compiler says it their way
// (in the dialect, not a plugin: queries built without the plugins, on a form's own snake_case tables,
// are rewritten too).
// - `on conflict (…) do nothing / do update set …` is `insert ignore` / `on duplicate key update`, where
//   the row that was refused is `values(col)` rather than `excluded.col`. MySQL takes the conflict from
//   every unique key, not one named key: each table written this way has one unique key besides its
//   primary key, or conflicts on its id.
// - `asc nulls first` and `desc nulls last` are MySQL's own placement of nulls, which it cannot spell:
//   the words go. (Any other placement is left as written, and refused by the database.)
// - `escape '\'`: a backslash in a MySQL string literal escapes the next character, so the one backslash
//   of a LIKE's escape clause is written twice. (mysql2 writes bound values into the text escaped the
//   same way: a session must never turn on NO_BACKSLASH_ESCAPES.)

class ExcludedToValues extends OperationNodeTransformer {
  protected override transformReference(node: ReferenceNode): ReferenceNode {
    const table = node.table?.table.identifier.name;
    const column = node.column.kind === 'ColumnNode' ? node.column.column.name : undefined;
    if (table === 'excluded' && column) return RawNode.createWithSql(`values(\`${column.replace(/`/g, '``')}\`)`) as unknown as ReferenceNode;
    return super.transformReference(node);
  }
}

const OWN_NULLS_PLACEMENT = /\b(asc|desc)\s+nulls\s+(first|last)\b/gi;
const LIKE_ESCAPE = /\bescape '\\'/gi;

class ToMysql extends OperationNodeTransformer {
  private readonly excluded = new ExcludedToValues();

  protected override transformRaw(node: RawNode): RawNode {
    const inner = super.transformRaw(node);
    if (!inner.sqlFragments.some((f) => /nulls|escape/i.test(f))) return inner;
    const fragments = inner.sqlFragments.map((f) =>
      f
        .replace(OWN_NULLS_PLACEMENT, (all, order: string, place: string) => ((order.toLowerCase() === 'asc') === (place.toLowerCase() === 'first') ? order : all))
        .replace(LIKE_ESCAPE, "escape '\\\\'"),
    );
    return RawNode.create(fragments, inner.parameters);
  }

  protected override transformInsertQuery(node: InsertQueryNode): InsertQueryNode {
    const inner = super.transformInsertQuery(node);
    const conflict = inner.onConflict;
    if (!conflict) return inner;
    const rest: InsertQueryNode = { ...inner, onConflict: undefined };
    if (conflict.doNothing || !conflict.updates?.length) return InsertQueryNode.cloneWith(rest, { orAction: OrActionNode.create('ignore') });
    const updates = conflict.updates.map((u) => this.excluded.transformNode(u));
    return InsertQueryNode.cloneWith(rest, { onDuplicateKey: OnDuplicateKeyNode.create(updates) });
  }
}

class PortableMysqlQueryCompiler extends MysqlQueryCompiler {
  private readonly toMysql = new ToMysql();

  override compileQuery(node: RootOperationNode, queryId: QueryId): CompiledQuery {
    return super.compileQuery(this.toMysql.transformNode(node as OperationNode) as RootOperationNode, queryId);
  }
}

/** MySQL/MariaDB through mysql2, with the rewrites above. */
export class PortableMysqlDialect extends MysqlDialect {
  override createQueryCompiler(): QueryCompiler {
    return new PortableMysqlQueryCompiler();
  }
}
