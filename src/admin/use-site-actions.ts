import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { ClinicConfigInput } from '../config/schema.js';
import { citySlug } from '../config/slug.js';
import * as M from '../messages/admin.js';
import { apiRequest, HttpError, parseJson, readFailure, saveBlob } from './api.js';
import { domainOf, formFieldOf, toConfig, type AdminForm } from './form.js';

/** What Generate produced: the files and the config they were made from (deploys use that one). */
export interface Generated {
  files: Record<string, string>;
  config: ClinicConfigInput;
  /** Where the site's contact form posts (the server's answer), shown before it is downloaded or deployed. */
  contactEndpoint?: string;
}

/** Spec section 3: the deployment response. */
export interface DeployResult {
  success: boolean;
  message?: string;
  error?: string;
  deploymentUrl?: string;
  deploymentPath?: string;
}

/**
 * The admin flow of spec section 4: generate, then preview, download or deploy, with the busy
 * flags and the alerts of section 8 word for word (named in src/messages/admin.ts).
 */
export function useSiteActions(form: UseFormReturn<AdminForm>, onDeployed: () => void) {
  const [generated, setGenerated] = useState<Generated | null>(null);
  const [generating, setGenerating] = useState(false);
  const [deploying, setDeploying] = useState(false);
  const [result, setResult] = useState<DeployResult | null>(null);
  const [problems, setProblems] = useState<[string, string][]>([]);

  const generate = async () => {
    setGenerating(true);
    setProblems([]);
    form.clearErrors();
    try {
      const config = toConfig(form.getValues());
      const res = await fetch('/api/generate-clinic-website', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(config),
      });
      const text = await res.text();
      const json = parseJson(text);
      if (!res.ok) {
        const { errors } = readFailure(json);
        for (const [key, message] of Object.entries(errors)) form.setError(formFieldOf(key) as keyof AdminForm, { type: 'server', message });
        setProblems(Object.entries(errors));
        console.error(new HttpError(res.status, text, res.statusText).message);
        window.alert(M.generateRejected.title);
        return;
      }
      if (!json || typeof json.files !== 'object') throw new Error('the answer holds no files');
      const contactEndpoint = typeof json.contactEndpoint === 'string' ? json.contactEndpoint : undefined;
      setGenerated({ files: json.files as Record<string, string>, config, contactEndpoint });
      window.alert(M.generateSucceeded.title);
    } catch (err) {
      console.error(err);
      window.alert(M.generateFailed.title);
    } finally {
      setGenerating(false);
    }
  };

  const preview = async () => {
    if (!generated) return window.alert(M.generateFirst.title);
    // Opened now, while the click still counts as a user gesture, then pointed at the preview.
    const win = window.open('', '_blank');
    try {
      const res = await apiRequest('POST', '/api/previews', { files: generated.files });
      const { url } = (await res.json()) as { url: string };
      if (win) win.location.href = url;
      else window.open(url, '_blank');
    } catch (err) {
      win?.close();
      console.error(err);
    }
  };

  const download = async () => {
    if (!generated) return window.alert(M.generateFirst.title);
    const { city, businessName, website } = generated.config;
    try {
      const res = await apiRequest('POST', '/api/package-website', { city, businessName, domainName: domainOf(website), files: generated.files });
      saveBlob(await res.blob(), `${citySlug(city)}-trt-website.zip`);
    } catch (err) {
      console.error(err); // spec section 8: package errors are only logged
    }
  };

  const deploy = async () => {
    if (!generated) return window.alert(M.generateFirst.title);
    setDeploying(true);
    setResult(null);
    const { city, businessName, website } = generated.config;
    try {
      const res = await fetch('/api/deploy-website', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        // `config` (beyond the spec) lets the server show this city's own page after a failed form post.
        body: JSON.stringify({ domainName: domainOf(website), businessName, city, files: generated.files, deploymentType: 'static', config: generated.config }),
      });
      const text = await res.text();
      const body = parseJson(text);
      if (!res.ok || !body) {
        // The server's own words when it refused; otherwise the spec's `status: text`.
        const said = readFailure(body);
        setResult({ success: false, message: said.message ?? M.deployFailed.title, error: said.error ?? `${res.status}: ${text || res.statusText}` });
        return;
      }
      const json = body as unknown as DeployResult;
      setResult(json);
      if (json.success) onDeployed();
    } catch (err) {
      console.error(err);
      setResult({ success: false, message: M.deployNetworkError.title, error: M.deployNetworkError.message });
    } finally {
      setDeploying(false);
    }
  };

  return { generated, generating, deploying, result, problems, generate, preview, download, deploy };
}

export type SiteActions = ReturnType<typeof useSiteActions>;
