import type { Metadata } from 'next';
import { BrandMark } from '@/components/app-shell/brand-mark';
import { openApiDocument, type OpenApiDocument } from '@/lib/http/openapi/build-openapi';
import { responseShapes, schemaFields, type SchemaField } from '@/lib/http/openapi/schema-fields';

export const metadata: Metadata = { title: 'API' };

type Doc = OpenApiDocument;
type Operation = Doc['paths'][string][string];
type Listed = { method: string; path: string; op: Operation };

const AUTH_LABEL = { none: 'No session needed', session: 'Session cookie', staff: 'Staff only' } as const;

/**
 * The HTTP API for people, rendered on the server from the same OpenAPI
 * document /api/openapi.json serves. Public: no session, no client script.
 * The operations' texts are written in English, so the page is too.
 */
export default function ApiDocsPage() {
  const doc = openApiDocument();
  const byTag = new Map<string, Listed[]>(doc.tags.map((tag) => [tag.name, []]));
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) byTag.get(op.tags[0])?.push({ method: method.toUpperCase(), path, op });
  }
  return (
    <div className="min-h-dvh bg-zinc-50 dark:bg-zinc-950">
      <header className="px-6 py-4">
        <BrandMark />
      </header>
      <main lang="en" className="mx-auto flex max-w-5xl flex-col gap-10 px-4 pb-16 sm:px-8">
        <div className="flex flex-col gap-3">
          <h1 className="text-2xl font-semibold tracking-tight">Quire HTTP API</h1>
          <p className="max-w-3xl text-sm text-zinc-600 dark:text-zinc-400">
            <WithCode text={doc.info.description} /> The machine-readable form is{' '}
            <a className="font-medium text-indigo-700 underline dark:text-indigo-300" href="/api/openapi.json">
              /api/openapi.json
            </a>{' '}
            (OpenAPI {doc.openapi}, version {doc.info.version}).
          </p>
          <nav aria-label="API sections">
            <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {doc.tags.map((tag) => (
                <li key={tag.name}>
                  <a className="text-indigo-700 underline dark:text-indigo-300" href={`#tag-${tag.name.toLowerCase()}`}>
                    {tag.name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        {doc.tags.map((tag) => (
          <section key={tag.name} aria-labelledby={`tag-${tag.name.toLowerCase()}`} className="flex flex-col gap-4">
            <div>
              <h2 id={`tag-${tag.name.toLowerCase()}`} className="text-xl font-semibold">
                {tag.name}
              </h2>
              <p className="text-sm text-zinc-600 dark:text-zinc-400">{tag.description}</p>
            </div>
            {(byTag.get(tag.name) ?? []).map((listed) => (
              <OperationEntry key={listed.op.operationId} doc={doc} {...listed} />
            ))}
          </section>
        ))}
      </main>
    </div>
  );
}

function OperationEntry({ doc, method, path, op }: Listed & { doc: Doc }) {
  const jsonSchema = op.requestBody?.content['application/json']?.schema;
  const formSchema = op.requestBody?.content['multipart/form-data']?.schema;
  const parameters = (op.parameters ?? []) as { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  return (
    <article
      id={op.operationId}
      aria-labelledby={`${op.operationId}-title`}
      className="flex flex-col gap-3 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h3 id={`${op.operationId}-title`} className="flex flex-wrap items-baseline gap-2 font-mono text-sm">
        <span className="rounded bg-zinc-900 px-1.5 py-0.5 text-xs font-semibold text-white dark:bg-zinc-100 dark:text-zinc-900">
          {method}
        </span>{' '}
        <span className="break-all">{path}</span>
      </h3>
      <p className="text-sm">
        <WithCode text={op.summary} />
      </p>
      {'description' in op && op.description ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          <WithCode text={op.description} />
        </p>
      ) : null}
      <p className="text-xs text-zinc-600 dark:text-zinc-400">Authentication: {AUTH_LABEL[op['x-auth']]}</p>
      {parameters.length > 0 && (
        <FieldTable
          caption="Parameters"
          fields={parameters.map((p) => ({
            ...schemaFields({ properties: { [p.name]: p.schema }, required: p.required ? [p.name] : [] })[0],
            where: p.in,
          }))}
        />
      )}
      {jsonSchema && (
        <FieldTable
          caption={`JSON body${op.requestBody?.required ? '' : ' (optional)'}`}
          fields={schemaFields(jsonSchema as Record<string, unknown>)}
        />
      )}
      {formSchema && (
        <FieldTable caption="Multipart form (multipart/form-data)" fields={schemaFields(formSchema as Record<string, unknown>)} />
      )}
      {answerTables(op).map(({ caption, fields }) =>
        fields.length ? (
          <FieldTable key={caption} caption={caption} fields={fields} />
        ) : (
          <p key={caption} className="text-sm font-medium">
            <WithCode text={caption} />
          </p>
        ),
      )}
      <div>
        <h4 className="text-sm font-medium">Responses</h4>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {Object.entries(op.responses).map(([status, response]) => (
            <div key={status} className="contents">
              <dt className="font-mono">{status}</dt>
              <dd className="text-zinc-700 dark:text-zinc-300">
                <WithCode text={responseDescription(doc, response)} />
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </article>
  );
}

/**
 * The JSON answers' fields, one table per shape; statuses that answer alike
 * (a grant and its replay, ready and not ready) share one.
 */
function answerTables(op: Operation): { caption: string; fields: SchemaField[] }[] {
  const byShape = new Map<string, { statuses: string[]; schema: Record<string, unknown> }>();
  for (const [status, response] of Object.entries(op.responses)) {
    const schema = (response.content as Record<string, { schema?: Record<string, unknown> }> | undefined)?.['application/json']?.schema;
    if (!schema || '$ref' in schema) continue;
    const key = JSON.stringify(schema);
    const entry = byShape.get(key) ?? { statuses: [], schema };
    entry.statuses.push(status);
    byShape.set(key, entry);
  }
  return [...byShape.values()].flatMap(({ statuses, schema }) =>
    responseShapes(schema).map((shape) => ({
      caption: `${statuses.join(', ')} answer${shape.label ? `: ${shape.label}` : ''}${shape.nullable ? ' (or null)' : ''}`,
      fields: shape.fields,
    })),
  );
}

/** The descriptions mark code with backticks, as Markdown does; only that much Markdown is rendered. */
function WithCode({ text }: { text: string }) {
  return text.split(/`([^`]+)`/).map((part, i) =>
    i % 2 ? (
      <code key={i} className="font-mono text-[0.9em]">
        {part}
      </code>
    ) : (
      part
    ),
  );
}

function responseDescription(doc: Doc, response: Record<string, unknown>): string {
  const ref = typeof response.$ref === 'string' ? response.$ref.split('/').at(-1) : undefined;
  const resolved = ref ? (doc.components.responses as Record<string, { description: string }>)[ref] : response;
  return String(resolved?.description ?? '');
}

function FieldTable({ caption, fields }: { caption: string; fields: (SchemaField & { where?: string })[] }) {
  const showWhere = fields.some((f) => f.where);
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-1 text-left font-medium">
          <WithCode text={caption} />
        </caption>
        <thead className="text-xs text-zinc-600 dark:text-zinc-400">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              Name
            </th>
            {showWhere && (
              <th scope="col" className="py-1 pr-3 font-medium">
                In
              </th>
            )}
            <th scope="col" className="py-1 pr-3 font-medium">
              Type
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Required
            </th>
            <th scope="col" className="py-1 font-medium">
              Limits and notes
            </th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field.name} className="border-t border-zinc-100 align-top dark:border-zinc-800">
              <th scope="row" className="py-1 pr-3 font-mono font-normal">
                {field.name}
              </th>
              {showWhere && <td className="py-1 pr-3">{field.where}</td>}
              <td className="py-1 pr-3 font-mono">{field.type}</td>
              <td className="py-1 pr-3">{field.required ? 'yes' : 'no'}</td>
              <td className="py-1">{field.notes.join('; ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
