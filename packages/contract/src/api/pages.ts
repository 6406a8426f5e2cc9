import { z } from 'zod';
import { call, envScoped } from '../call';

/**
 * Detail pages (spec 02 §2.1 /dyn/{type}/{id}/page/{page}): a definition delivered by the server,
 * made of a closed set of elements. Texts may hold record placeholders (`{{number}}`,
 * `{{gross|money}}`); the server fills them before answering, so the browser only ever receives
 * plain text and renders it as text, never as HTML.
 */

const text = (max: number) => z.string().max(max);
const children = <T extends z.ZodType>(element: T) => z.array(element).max(60);

/** Where a simple table takes its rows from: the record's positions or its stage history. */
export const pageTableSources = ['positions', 'transitions', 'documents'] as const;

export type PageElement =
  | { type: 'pageTitle'; text: string; subtitle?: string | undefined }
  | { type: 'div'; children: PageElement[] }
  | { type: 'text'; text: string; weight?: 'normal' | 'bold' | undefined; dimmed?: boolean | undefined }
  | { type: 'content'; text: string }
  | { type: 'link'; label: string; to: string }
  | { type: 'a'; label: string; href: string }
  | { type: 'icon'; name: string }
  | { type: 'card'; children: PageElement[] }
  | { type: 'cardHeader'; text: string }
  | { type: 'cardBody'; children: PageElement[] }
  | { type: 'table'; children: PageElement[] }
  | { type: 'thead'; children: PageElement[] }
  | { type: 'tbody'; children: PageElement[] }
  | { type: 'tr'; children: PageElement[] }
  | { type: 'th'; text: string }
  | { type: 'td'; text: string; align?: 'left' | 'right' | undefined }
  | { type: 'image'; src: string; alt: string }
  | { type: 'fileDownload'; label: string; export?: string | undefined }
  | { type: 'row'; children: PageElement[] }
  | { type: 'col'; span?: number | undefined; children: PageElement[] }
  | { type: 'map'; address: string }
  | { type: 'dynrecordStageLabel' }
  | {
      type: 'simpleTable';
      source: (typeof pageTableSources)[number];
      columns: Array<{ label: string; value: string; align?: 'left' | 'right' | undefined }>;
      /** Filled by the server: one list of cell texts per row. */
      rows?: string[][] | undefined;
      emptyText?: string | undefined;
    };

export type PageElementType = PageElement['type'];

const pageElementSchema: z.ZodType<PageElement> = z.lazy(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('pageTitle'), text: text(300), subtitle: text(300).optional() }),
    z.object({ type: z.literal('div'), children: children(pageElementSchema) }),
    z.object({
      type: z.literal('text'),
      text: text(5000),
      weight: z.enum(['normal', 'bold']).optional(),
      dimmed: z.boolean().optional(),
    }),
    z.object({ type: z.literal('content'), text: text(20_000) }),
    z.object({ type: z.literal('link'), label: text(200), to: text(500) }),
    z.object({ type: z.literal('a'), label: text(200), href: text(2000) }),
    z.object({ type: z.literal('icon'), name: text(60) }),
    z.object({ type: z.literal('card'), children: children(pageElementSchema) }),
    z.object({ type: z.literal('cardHeader'), text: text(300) }),
    z.object({ type: z.literal('cardBody'), children: children(pageElementSchema) }),
    z.object({ type: z.literal('table'), children: children(pageElementSchema) }),
    z.object({ type: z.literal('thead'), children: children(pageElementSchema) }),
    z.object({ type: z.literal('tbody'), children: z.array(pageElementSchema).max(1000) }),
    z.object({ type: z.literal('tr'), children: children(pageElementSchema) }),
    z.object({ type: z.literal('th'), text: text(300) }),
    z.object({ type: z.literal('td'), text: text(5000), align: z.enum(['left', 'right']).optional() }),
    z.object({ type: z.literal('image'), src: text(2000), alt: text(300) }),
    z.object({ type: z.literal('fileDownload'), label: text(200), export: text(60).optional() }),
    z.object({ type: z.literal('row'), children: children(pageElementSchema) }),
    z.object({
      type: z.literal('col'),
      span: z.number().int().min(1).max(12).optional(),
      children: children(pageElementSchema),
    }),
    z.object({ type: z.literal('map'), address: text(500) }),
    z.object({ type: z.literal('dynrecordStageLabel') }),
    z.object({
      type: z.literal('simpleTable'),
      source: z.enum(pageTableSources),
      columns: z
        .array(z.object({ label: text(100), value: text(500), align: z.enum(['left', 'right']).optional() }))
        .max(20),
      rows: z
        .array(z.array(text(5000)).max(20))
        .max(5000)
        .optional(),
      emptyText: text(300).optional(),
    }),
  ]),
);

export const pageDefinitionSchema = z.object({
  key: z
    .string()
    .min(1)
    .max(60)
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/),
  name: z.string().min(1).max(100),
  elements: z.array(pageElementSchema).max(100),
});
export type PageDefinition = z.infer<typeof pageDefinitionSchema>;

const stageView = z.object({
  key: z.string(),
  name: z.string(),
  color: z.string().optional(),
  background: z.string().optional(),
});

/** Spec 02 §7 pages/details: reads data.element (the record) and data.definition.elements. */
export const pageDetails = call('/api/dynamic-records/pages/details', {
  body: envScoped({
    type: z.string().trim().min(1).max(60),
    id: z.string().trim().min(1).max(64),
    page: z.string().trim().min(1).max(60),
  }),
  data: z.object({
    element: z.object({
      _id: z.string(),
      type: z.string(),
      singular: z.string(),
      stage: stageView.nullable(),
      stages: z.array(stageView),
    }),
    definition: z.object({ key: z.string(), name: z.string(), elements: z.array(pageElementSchema) }),
  }),
});
export type PageDetailsData = z.infer<typeof pageDetails.data>;
