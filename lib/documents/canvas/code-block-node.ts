import { CodeBlockLowlight } from '@tiptap/extension-code-block-lowlight';

import { codeLowlight } from './code-highlight';

/**
 * A fenced code block: `language` is the info string's first word, `meta`
 * the rest of it (`ruby startline=3`), kept so the fence is written back as
 * it came. The text is stored byte for byte; highlighting is decoration only.
 * Code that names no language is not guessed at ('plaintext'); Tab keeps moving
 * the focus (no keyboard trap); tabs in pasted code are kept.
 */
export const CanvasCodeBlock = CodeBlockLowlight.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      meta: { default: null, rendered: false },
    };
  },
}).configure({ lowlight: codeLowlight, defaultLanguage: 'plaintext' });
