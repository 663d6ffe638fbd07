import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Debian's nginx (`apt-get install nginx-light`; `npm test` installs it when it can). */
export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => existsSync(candidate));

/**
 * A real nginx in front of several Quire servers, set up as docs/operations.md
 * tells an operator to (without TLS): the Host, scheme and client address passed on,
 * and requests spread over the upstreams in turn (nginx's default round robin).
 * Each answer names the upstream that served it (`X-Upstream`).
 */
export async function startNginx(listenPort: number, upstreamPorts: number[]): Promise<{ url: string; stop(): Promise<void> }> {
  if (!NGINX) throw new Error('nginx is not installed: apt-get install nginx-light');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quire-nginx-'));
  const config = `
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream quire { ${upstreamPorts.map((port) => `server 127.0.0.1:${port};`).join(' ')} }
  server {
    listen 127.0.0.1:${listenPort};
    client_max_body_size 30m;
    location / {
      proxy_pass http://quire;
      proxy_http_version 1.1;
      # the operations guide's settings; $http_host keeps the port, which a test's address has and a domain's has not
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_buffering off;
      proxy_read_timeout 300s;
      proxy_next_upstream error timeout http_503;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
  writeFileSync(path.join(dir, 'nginx.conf'), config);
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (d: Buffer) => (errors += d.toString()));
  const url = `http://127.0.0.1:${listenPort}`;
  for (const deadline = Date.now() + 30_000; ; ) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${errors}`);
    // any answer at all (even 502 before the upstreams are up) means nginx is listening
    if (
      await fetch(`${url}/healthz`).then(
        () => true,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`nginx did not start: ${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
