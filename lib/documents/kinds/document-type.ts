/** One kind of document the pipeline can write: its outline and how its sections should read. */
export interface DocumentType {
  /** stable key stored on the document */
  key: string;
  label: string;
  /** what the classifier is told this type is for */
  description: string;
  /** the outline the planner starts from: one line per section */
  sectionTemplates: ReadonlyArray<{ title: string; purpose: string }>;
  /** appended to the writer's system prompt for every section */
  writingPrompt: string;
}
