import fs from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { makeTestCertificate, type TestCertificate } from '../test/certificate.ts';
import { ConfigError, loadConfig } from './config.ts';

/**
 * The server over HTTPS (TLS_CERT_FILE, TLS_KEY_FILE): HTTP/2 for browsers, HTTP/1.1 for older
 * clients and for WebSockets, on one port; real clients over TCP that trust this run's
 * self-signed certificate and no other.
 */

type WsClient = {
  once: (event: string, listener: (...args: never[]) => void) => void;
  close: () => void;
};
const { WebSocket } = createRequire(import.meta.url)('ws') as {
  WebSocket: new (url: string, options: { ca: string }) => WsClient;
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bullpen-tls-'));
let certificate: TestCertificate;
let t: TestApp;
let port: number;

beforeAll(async () => {
  certificate = makeTestCertificate(dir);
  t = await buildTestApp({
    TLS_CERT_FILE: certificate.certFile,
    TLS_KEY_FILE: certificate.keyFile,
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the server over HTTPS', () => {
  it('answers HTTP/2', async () => {
    const session = http2.connect(`https://127.0.0.1:${port}`, { ca: certificate.cert });
    try {
      const { status, body } = await new Promise<{ status: number; body: string }>(
        (resolve, reject) => {
          const stream = session.request({ ':path': '/api/health' });
          let status = 0;
          let body = '';
          stream.on('response', (headers) => (status = Number(headers[':status'])));
          stream.setEncoding('utf8');
          stream.on('data', (chunk: string) => (body += chunk));
          stream.on('end', () => resolve({ status, body }));
          stream.on('error', reject);
        },
      );
      expect(session.alpnProtocol).toBe('h2');
      expect(status).toBe(200);
      expect(JSON.parse(body)).toMatchObject({ status: 'ok' });
    } finally {
      session.close();
    }
  });

  // Node's https client offers no ALPN: a client that knows HTTP/1.1 only.
  it('answers HTTP/1.1, for a client without HTTP/2', async () => {
    const { version, status } = await new Promise<{ version: string; status: number }>(
      (resolve, reject) => {
        https
          .get(`https://127.0.0.1:${port}/api/health`, { ca: certificate.cert }, (response) => {
            response.resume();
            resolve({ version: response.httpVersion, status: response.statusCode ?? 0 });
          })
          .on('error', reject);
      },
    );
    expect(version).toBe('1.1');
    expect(status).toBe(200);
  });

  it('opens a WebSocket on the same port', async () => {
    const client = new WebSocket(`wss://127.0.0.1:${port}/ws`, { ca: certificate.cert });
    await new Promise<void>((resolve, reject) => {
      client.once('open', () => resolve());
      client.once('error', (error: Error) => reject(error));
    });
    client.close();
  });

  it('is refused by a client that does not trust its certificate', async () => {
    const refused = await new Promise<string>((resolve) => {
      https
        .get(`https://127.0.0.1:${port}/api/health`, (response) => {
          response.resume();
          resolve('answered');
        })
        .on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
    expect(refused).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
  });
});

describe('the TLS configuration', () => {
  it('reads both files, and makes the default public URL https', () => {
    const config = loadConfig({
      TLS_CERT_FILE: certificate.certFile,
      TLS_KEY_FILE: certificate.keyFile,
    });
    expect(config.tls).toEqual({ cert: certificate.cert, key: certificate.key });
    expect(config.publicUrl).toBe('https://localhost:3000');
    expect(loadConfig({}).tls).toBeUndefined();
  });

  it('lists a missing half, an unreadable file and a file that is not PEM, with the rest', () => {
    const notPem = path.join(dir, 'not-pem.txt');
    fs.writeFileSync(notPem, 'hello');
    const problems = (env: Record<string, string>): string[] => {
      try {
        loadConfig(env);
      } catch (error) {
        if (error instanceof ConfigError) return error.problems;
        throw error;
      }
      return [];
    };
    expect(problems({ TLS_CERT_FILE: certificate.certFile })).toEqual([
      'TLS_KEY_FILE: must be set with TLS_CERT_FILE',
    ]);
    expect(
      problems({ PORT: 'abc', TLS_CERT_FILE: path.join(dir, 'none.pem'), TLS_KEY_FILE: notPem }),
    ).toEqual([
      expect.stringContaining('PORT'),
      `TLS_CERT_FILE: cannot read ${path.join(dir, 'none.pem')} (ENOENT)`,
      `TLS_KEY_FILE: ${notPem} is not a PEM file`,
    ]);
  });
});
