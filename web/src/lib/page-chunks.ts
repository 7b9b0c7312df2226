// Every screen is its own chunk, loaded when its route is first shown (or preloaded: at start for the page the
// browser opened, or when a navbar link is pointed at). A chunk that takes over 120 s fails into the route's
// error boundary. A leaf module: the router (app/) and the navbar (components/) both read it.
import { type ComponentType, createElement, lazy } from 'react';
import type { PageId } from '#shared/web-routes.ts';
import { PAGE_MODULES } from './page-modules.ts';

const CHUNK_LOAD_TIMEOUT_MS = 120_000;

type Module = { default: ComponentType };

function withTimeout<T>(load: Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Loading part of the app took over ${CHUNK_LOAD_TIMEOUT_MS} ms`)),
      CHUNK_LOAD_TIMEOUT_MS,
    );
    load.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

interface LazyChunk {
  Component: ComponentType;
  preload(): Promise<Module>;
}

export function lazyChunk(load: () => Promise<Module>): LazyChunk {
  let pending: Promise<Module> | null = null;
  let loaded: Module | null = null;
  const preload = () => {
    pending ??= withTimeout(load()).then((module) => {
      loaded = module;
      return module;
    });
    return pending;
  };
  const Lazy = lazy(preload);
  // A screen already downloaded renders at once. React.lazy would still suspend for a tick, even for the
  // page main.tsx preloads before hydrating: its prerendered HTML would hydrate later, and a session that
  // arrives in between (a signed-in visitor) makes React drop that HTML and render the page again, with a
  // spinner and a layout shift.
  const Component = () => createElement(loaded ? loaded.default : Lazy);
  return { Component, preload };
}

// Every page screen's module, each its own chunk; PAGE_MODULES says which one renders which page.
const screenModules = import.meta.glob<Module>('../features/*/*-page.tsx');

function pageChunk(id: PageId, module: string): [PageId, LazyChunk] {
  const load = screenModules[`../${module}`];
  // tests/unit/single-sources.test.ts holds every module to a features/*/*-page.tsx file.
  if (!load) throw new Error(`No screen ${module}`);
  return [id, lazyChunk(load)];
}

/** The screen of every page in shared/web-routes.ts. */
export const pageChunks = Object.fromEntries(
  Object.entries(PAGE_MODULES).map(([id, module]) => pageChunk(id as PageId, module)),
) as Record<PageId, LazyChunk>;
