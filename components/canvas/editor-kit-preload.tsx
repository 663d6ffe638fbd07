'use client';

import dynamic from 'next/dynamic';
import { Suspense } from 'react';
import { loadEditorKit } from './load-editor-kit';

function Nothing() {
  return null;
}

// Next writes the chunks of a next/dynamic component the server renders into the page's head as preloads.
const KitLoader = dynamic(() => import('./editor-kit').then(() => loadEditorKit()).then(() => Nothing));

/**
 * Renders nothing: rendered on the server, it has the browser fetch (and
 * compile, off the main thread) the editor's code while it parses the HTML,
 * and in the browser it starts the kit's import as hydration reaches it.
 * Its own Suspense boundary: hydration never waits for the kit.
 */
export function EditorKitPreload() {
  return (
    <Suspense fallback={null}>
      <KitLoader />
    </Suspense>
  );
}
