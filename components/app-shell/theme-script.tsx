export const THEME_STORAGE_KEY = 'quire-theme';

// Runs before the first paint so a dark-theme reader never sees a white flash.
const script = `(function(){try{var t=localStorage.getItem('${THEME_STORAGE_KEY}');var d=t==='dark'||((t===null||t==='system')&&matchMedia('(prefers-color-scheme: dark)').matches);document.documentElement.classList.toggle('dark',d);document.documentElement.style.colorScheme=d?'dark':'light';}catch(e){}})();`;

/** `nonce`: the page's script nonce (proxy.ts), without which the Content-Security-Policy blocks it. */
export function ThemeScript({ nonce }: { nonce?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed script of ours (no user input) that must run before the first paint
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />;
}
