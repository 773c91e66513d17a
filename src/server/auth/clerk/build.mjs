// @ts-check
/**
 * Build-time side of the auth adapters, used by astro.config.mjs. The Clerk integration injects
 * scripts into every page and its components need its virtual modules, so it is part of the build
 * only when both Clerk keys are set (from the environment or a `.env` file). Without them, imports
 * of `clerk-astro-runtime.ts` resolve to the stand-in, and nothing of `@clerk/astro` is bundled.
 */
import { fileURLToPath } from 'node:url';
import { loadEnv } from 'vite';

const disabledRuntime = fileURLToPath(new URL('./clerk-astro-runtime.disabled.ts', import.meta.url));

/** True when the build should include Clerk: both keys present. */
export function isClerkConfigured(mode = process.env.NODE_ENV === 'development' ? 'development' : 'production') {
  const fromFiles = loadEnv(mode, process.cwd(), ['PUBLIC_CLERK_', 'CLERK_']);
  const publishableKey = process.env.PUBLIC_CLERK_PUBLISHABLE_KEY || fromFiles.PUBLIC_CLERK_PUBLISHABLE_KEY;
  const secretKey = process.env.CLERK_SECRET_KEY || fromFiles.CLERK_SECRET_KEY;
  return Boolean(publishableKey && secretKey);
}

/** @param {boolean} enabled */
function clerkRuntimeSwitch(enabled) {
  return {
    name: 'hub:clerk-runtime-switch',
    enforce: /** @type {const} */ ('pre'),
    /** @param {string} source */
    resolveId(source) {
      if (enabled || !/(^|\/)clerk-astro-runtime\.ts$/.test(source)) return null;
      return disabledRuntime;
    },
  };
}

/** Integrations, Vite plugins and defines that make this build a Clerk build or a local one. */
export async function authBuildOptions() {
  const enabled = isClerkConfigured();
  const integrations = enabled ? [(await import('@clerk/astro')).default()] : [];
  return {
    integrations,
    vitePlugins: [clerkRuntimeSwitch(enabled)],
    // Lets the server tell "Clerk keys at run time, but a build without Clerk" apart.
    define: { __HUB_CLERK_BUILD__: JSON.stringify(enabled) },
  };
}
