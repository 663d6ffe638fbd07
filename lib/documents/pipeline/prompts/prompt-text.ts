/** Labelled prompt lines (`Request: …`) are read line by line, by models and the simulator alike: free text goes on one. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
