import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A self-signed certificate for 127.0.0.1 and its key, as PEM files in `dir`. */
export type TestCertificate = {
  certFile: string;
  keyFile: string;
  cert: string;
  key: string;
  /** Base64 SHA-256 of the public key: what Chromium's `--ignore-certificate-errors-spki-list` takes. */
  spkiHash: string;
};

/**
 * Makes a certificate for a run of tests or benches over HTTPS, with Debian's openssl (`.ci/run`
 * installs it when missing): a P-256 key, valid two days, for the IP address 127.0.0.1.
 */
export function makeTestCertificate(dir: string): TestCertificate {
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
      ...['-keyout', keyFile, '-out', certFile, '-days', '2', '-subj', '/CN=127.0.0.1'],
      ...['-addext', 'subjectAltName=IP:127.0.0.1'],
    ],
    { stdio: 'ignore' },
  );
  const cert = fs.readFileSync(certFile, 'utf8');
  const key = fs.readFileSync(keyFile, 'utf8');
  const spki = new crypto.X509Certificate(cert).publicKey.export({ type: 'spki', format: 'der' });
  const spkiHash = crypto.createHash('sha256').update(spki).digest('base64');
  return { certFile, keyFile, cert, key, spkiHash };
}
