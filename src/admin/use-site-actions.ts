import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { ClinicConfigInput } from '../config/schema.js';
import { citySlug } from '../config/slug.js';
import * as M from '../texts/admin.js';
import type { DoorwayAsked } from '../contract/cities.js';
import type { ResponseOf } from '../contract/route.js';
import * as S from '../contract/site.js';
import { failureText, fetchRoute, HttpError, parseJson, readFailure, saveBlob, throwIfNotOk } from './api.js';
import { deployCity } from './cities-api.js';
import { siteDomain } from '../config/site-domain.js';
import { formFieldOf, mergeConfig, type AdminForm } from './form.js';
import { useNotice } from './notice.js';

/** What Generate produced: the files and the config they were made from (deploys use that one). */
export interface Generated {
  files: Record<string, string>;
  config: ClinicConfigInput;
  /** Where the site's contact form posts (the server's answer), shown before it is downloaded or deployed. */
  contactEndpoint?: string;
  /** What the server warns of in the generated site (a form posting to a loopback address), shown with it. */
  warnings: string[];
  /** What it was built from: the saved version the editor showed, and whether unsaved edits were in it. */
  source: BuiltFrom;
  /** The form and version it was built from, compared with the editor's now (stale once either changes). */
  key: string;
}

/** The version a site was built from, as the editor showed it: a saved version, with or without unsaved edits, or none yet. */
export interface BuiltFrom {
  version?: number;
  edited: boolean;
}

/** "Version 2", "Version 2 with unsaved edits", "Unsaved edits (not saved yet)": what Preview, Download and Deploy say they build. */
export function builtFromText(b: BuiltFrom): string {
  if (b.version === undefined) return 'Unsaved edits (this city is not saved yet)';
  return b.edited ? `Version ${b.version} with unsaved edits` : `Version ${b.version}`;
}

/** Spec section 3: the deployment response. */
export interface DeployResult {
  success: boolean;
  message?: string;
  error?: string;
  deploymentUrl?: string;
  deploymentPath?: string;
}

/** What the deploy panel shows: the answer, and which live site it is about (a delete of it clears the panel). */
export interface ShownDeploy extends DeployResult {
  siteName: string;
  city: string;
  /** The saved version it was built from, when Deploy deployed one. */
  configVersion?: number;
  /** What the editor showed when Deploy sent the generated site (not a saved version alone). */
  builtFrom?: BuiltFrom;
}

/** A refused deploy's doorway check: the city's line, and the limits it was read against (the contract's). */
export type { DoorwayAsked } from '../contract/cities.js';

/** The saved version of the open city; Deploy builds it on the server when the form holds it unchanged (`clean`). */
export interface SavedTarget {
  slug: string;
  city: string;
  version: number;
  clean: boolean;
}

/**
 * The admin flow of spec section 4: generate, then preview, download or deploy, with the busy
 * flags and the alerts of section 8 word for word (named in src/texts/admin.ts), shown in the
 * card's notice rather than a blocking alert(). Panels hold only what is still true: a failed
 * generate drops the previous site, so it cannot be deployed by mistake.
 */
export function useSiteActions(
  form: UseFormReturn<AdminForm>,
  onDeployed: () => void,
  savedTarget: () => SavedTarget | undefined = () => undefined,
  opened: () => ClinicConfigInput | undefined = () => undefined,
) {
  const [generated, setGenerated] = useState<Generated | null>(null);
  const [generating, setGenerating] = useState(false);
  const [deploying, setDeploying] = useState(false);
  const [result, setResult] = useState<ShownDeploy | null>(null);
  // A saved city the doorway check fails: its deploy waits for the operator's confirmation.
  const [doorwayAsk, setDoorwayAsk] = useState<{ again: () => void; doorway: DoorwayAsked; error: string } | null>(null);
  // Bumped after each deploy answer, so the deploy area reads the doorway check again.
  const [deploys, setDeploys] = useState(0);
  const { notice, show, clear } = useNotice();
  const [problems, setProblems] = useState<[string, string][]>([]);

  /** The editor's state now: the form over the opened config, as Save sends it, and the version it shows. */
  const editorNow = () => {
    // The fields without an input (hours, local content with its team photos, colour) are in the generated site too.
    const config = mergeConfig(opened(), form.getValues());
    const target = savedTarget();
    const source: BuiltFrom = target ? { version: target.version, edited: !target.clean } : { edited: true };
    return { config, source, key: JSON.stringify([source.version ?? null, config]) };
  };
  /** The generated site when it is still what the editor shows; undefined once a save or an edit made it stale. */
  const upToDate = () => (generated && generated.key === editorNow().key ? generated : undefined);

  /** Builds the editor's state now on the server; null (errors shown on the form) when refused. */
  const build = async (): Promise<Generated | null> => {
    setGenerating(true);
    setProblems([]);
    clear();
    form.clearErrors();
    try {
      const now = editorNow();
      const res = await fetchRoute(S.generateWebsite, { body: now.config });
      const text = await res.text();
      const json = parseJson(text) as Partial<ResponseOf<typeof S.generateWebsite>> | undefined;
      if (!res.ok) {
        const { errors } = readFailure(json as Record<string, unknown> | undefined);
        for (const [key, message] of Object.entries(errors)) form.setError(formFieldOf(key) as keyof AdminForm, { type: 'server', message });
        setProblems(Object.entries(errors));
        console.error(new HttpError(res.status, text, res.statusText).message);
        setGenerated(null);
        show(M.generateRejected.title, 'error');
        return null;
      }
      if (!json || typeof json.files !== 'object') throw new Error('the answer holds no files');
      const contactEndpoint = typeof json.contactEndpoint === 'string' ? json.contactEndpoint : undefined;
      const warnings = Array.isArray(json.warnings) ? json.warnings.filter((w): w is string => typeof w === 'string') : [];
      const built: Generated = { files: json.files, config: now.config, contactEndpoint, warnings, source: now.source, key: now.key };
      setGenerated(built);
      show(M.generateSucceeded.title, 'success');
      return built;
    } catch (err) {
      console.error(err);
      setGenerated(null);
      show(M.generateFailed.title, 'error');
      return null;
    } finally {
      setGenerating(false);
    }
  };
  const generate = async () => void (await build());
  /**
   * What Preview, Download and Deploy send: the generated site while it is what the editor shows,
   * else the editor's state built again first (a save or an edit since), so none of them ever sends
   * an earlier version than the one shown as current.
   */
  const current = async (): Promise<Generated | null> => upToDate() ?? (generated ? build() : null);

  const generateFirst = () => show(M.generateFirst.title, 'error');

  const preview = async () => {
    if (!generated) return generateFirst();
    // Opened now, while the click still counts as a user gesture, then pointed at the preview.
    const win = window.open('', '_blank');
    try {
      const site = await current();
      if (!site) return void win?.close();
      const res = await throwIfNotOk(await fetchRoute(S.createPreview, { body: { files: site.files } }));
      const { url } = (await res.json()) as ResponseOf<typeof S.createPreview>;
      if (win) win.location.href = url;
      else window.open(url, '_blank');
    } catch (err) {
      win?.close();
      console.error(err);
      // Said where Preview was pressed: the tab opened for it has closed again, and nothing else shows.
      show(M.previewFailed(err instanceof HttpError ? failureText(readFailure(err.json)) || undefined : undefined).title, 'error');
    }
  };

  const download = async () => {
    if (!generated) return generateFirst();
    const site = await current();
    if (!site) return;
    const { city, businessName } = site.config;
    try {
      const res = await throwIfNotOk(await fetchRoute(S.packageWebsite, { body: { city, businessName, domainName: siteDomain(site.config), files: site.files } }));
      saveBlob(await res.blob(), `${citySlug(city)}-trt-website.zip`);
    } catch (err) {
      console.error(err); // spec section 8: package errors are only logged
    }
  };

  /**
   * Deploy: a saved city whose form is unchanged deploys its saved version (built on the server by
   * the same pipeline, so the release records the config version); otherwise the generated site.
   */
  const deploy = async (confirmDoorway = false) => {
    const target = savedTarget();
    if (target?.clean) return deploySaved(target, confirmDoorway);
    if (!generated) return generateFirst();
    const site = await current();
    if (!site) return;
    setDeploying(true);
    setResult(null);
    setDoorwayAsk(null);
    const { city, businessName } = site.config;
    const about = { siteName: citySlug(city), city };
    try {
      const res = await fetchRoute(S.deployWebsite, {
        // `config` (beyond the spec) lets the server show this city's own page after a failed form post.
        body: {
          domainName: siteDomain(site.config),
          businessName,
          city,
          files: site.files,
          deploymentType: 'static',
          config: site.config,
          ...(confirmDoorway ? { confirmDoorway: true } : {}),
        },
      });
      const text = await res.text();
      const body = parseJson(text);
      setDeploys((n) => n + 1);
      const doorway = res.status === 409 && !confirmDoorway ? (body?.doorway as DoorwayAsked | undefined) : undefined;
      if (doorway) {
        // A city that reads as a doorway page: ask before deploying it anyway.
        setDoorwayAsk({ again: () => void deploy(true), doorway, error: readFailure(body).error ?? '' });
        return;
      }
      if (!res.ok || !body) {
        // The server's own words when it refused; otherwise the spec's `status: text`.
        const said = readFailure(body);
        setResult({ ...about, success: false, message: said.message ?? M.deployFailed.title, error: said.error ?? `${res.status}: ${text || res.statusText}` });
        return;
      }
      const json = body as unknown as DeployResult;
      setResult({ ...json, ...about, builtFrom: site.source });
      if (json.success) onDeployed();
    } catch (err) {
      console.error(err);
      setResult({ ...about, success: false, message: M.deployNetworkError.title, error: M.deployNetworkError.message });
    } finally {
      setDeploying(false);
    }
  };

  const deploySaved = async (target: SavedTarget, confirmDoorway = false) => {
    const { slug, city, version } = target;
    setDeploying(true);
    setResult(null);
    setDoorwayAsk(null);
    const about = { siteName: slug, city };
    const answer = await deployCity(slug, version, confirmDoorway);
    setDeploys((n) => n + 1);
    const doorway = !answer.ok && answer.status === 409 ? (answer.body?.doorway as DoorwayAsked | undefined) : undefined;
    if (doorway && !confirmDoorway) {
      // The server refused a city that reads as a doorway page: ask before deploying it anyway.
      setDoorwayAsk({ again: () => void deploySaved(target, true), doorway, error: !answer.ok ? (answer.failure.error ?? '') : '' });
    } else if (answer.ok) {
      setResult({ ...about, success: answer.success, message: answer.message, deploymentUrl: answer.deploymentUrl, configVersion: answer.configVersion ?? version });
      if (answer.success) onDeployed();
    } else if (answer.status === 0) {
      setResult({ ...about, success: false, message: M.deployNetworkError.title, error: M.deployNetworkError.message });
    } else {
      setResult({ ...about, success: false, message: answer.failure.message ?? M.deployFailed.title, error: answer.failure.error });
    }
    setDeploying(false);
  };

  /** A live site was deleted: a panel saying it is live no longer holds. */
  const siteDeleted = (siteName: string) => setResult((r) => (r?.siteName === siteName ? null : r));

  /** Deploy anyway: the operator confirmed the doorway check's warning (recorded in the trail). */
  const confirmDoorway = () => doorwayAsk?.again();
  const cancelDoorway = () => setDoorwayAsk(null);

  return {
    generated,
    /** False once a save or an edit made the generated site other than what the editor shows (read at render: the form changes without this hook's). */
    generatedIsCurrent: () => generated !== null && upToDate() !== undefined,
    generating,
    deploying,
    result,
    problems,
    notice,
    generate,
    preview,
    download,
    // Never the click event as the confirmation: Deploy asks first.
    deploy: () => deploy(),
    siteDeleted,
    savedTarget,
    control: form.control,
    doorwayAsk,
    confirmDoorway,
    cancelDoorway,
    deploys,
  };
}

export type SiteActions = ReturnType<typeof useSiteActions>;
