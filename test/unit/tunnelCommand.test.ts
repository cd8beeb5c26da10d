// The user's tunnel command is split without a shell, and its public URL is found in the
// log formats of cloudflared and ngrok, not in the documentation links they also print.
import { describe, expect, it } from 'vitest';
import { parseTunnelCommand, splitCommandLine, tunnelUrlIn } from '../../main/core/webhooks/tunnelCommand.ts';

describe('splitting the tunnel command', () => {
  it('splits words on spaces and keeps quoted spaces, with no shell features', () => {
    expect(splitCommandLine('cloudflared tunnel --url http://127.0.0.1:{port}')).toEqual([
      'cloudflared',
      'tunnel',
      '--url',
      'http://127.0.0.1:{port}',
    ]);
    expect(splitCommandLine(`"/opt/my tools/ngrok" http {port}  --log 'std out' ""`)).toEqual([
      '/opt/my tools/ngrok',
      'http',
      '{port}',
      '--log',
      'std out',
      '',
    ]);
    expect(splitCommandLine('tunnel $HOME `id` ; rm -rf x | cat > y')).toEqual([
      'tunnel',
      '$HOME',
      '`id`',
      ';',
      'rm',
      '-rf',
      'x',
      '|',
      'cat',
      '>',
      'y',
    ]);
    expect(splitCommandLine(String.raw`a\ b "say \"hi\"" C:\tools\ngrok.exe`)).toEqual([
      'a b',
      'say "hi"',
      String.raw`C:\tools\ngrok.exe`,
    ]);
  });

  it('puts the port into every argument after splitting, so it cannot add arguments', () => {
    expect(parseTunnelCommand('ngrok http {port} --log stdout', 41234)).toEqual({
      program: 'ngrok',
      args: ['http', '41234', '--log', 'stdout'],
    });
    expect(parseTunnelCommand("cloudflared tunnel --url 'http://127.0.0.1:{port}'", 8)).toEqual({
      program: 'cloudflared',
      args: ['tunnel', '--url', 'http://127.0.0.1:8'],
    });
  });

  it('refuses an empty command, an unclosed quote, and a command without {port}, saying what to change', () => {
    const failure = (command: string) => {
      try {
        parseTunnelCommand(command, 1);
      } catch (error) {
        return error as { code: string; message: string };
      }
      throw new Error('accepted');
    };
    expect(failure('   ')).toMatchObject({ code: 'tunnel.command_invalid', message: expect.stringContaining('empty') });
    expect(failure('ngrok http "{port}')).toMatchObject({
      code: 'tunnel.command_invalid',
      message: expect.stringContaining('unclosed double quote'),
    });
    expect(failure('ngrok http 8080')).toMatchObject({
      code: 'tunnel.command_invalid',
      message: expect.stringContaining('{port}'),
    });
  });
});

describe('finding the public URL in the output', () => {
  it('reads cloudflared’s boxed banner, ngrok’s log line and JSON logs', () => {
    expect(
      tunnelUrlIn(
        '2025-01-02T03:04:05Z INF |  https://seasonal-deck-organisms-sf.trycloudflare.com                                      |',
      ),
    ).toBe('https://seasonal-deck-organisms-sf.trycloudflare.com');
    expect(
      tunnelUrlIn(
        't=2025-01-02T03:04:05+0000 lvl=info msg="started tunnel" obj=tunnels name=command_line addr=http://localhost:8080 url=https://84c5df474.ngrok-free.app',
      ),
    ).toBe('https://84c5df474.ngrok-free.app');
    expect(tunnelUrlIn('{"lvl":"info","msg":"started tunnel","url":"https://abc.eu.ngrok.io"}')).toBe(
      'https://abc.eu.ngrok.io',
    );
    expect(tunnelUrlIn('Forwarding https://Tunnel.Example-Host.dev:8443/ -> http://127.0.0.1:5000')).toBe(
      'https://tunnel.example-host.dev:8443',
    );
    expect(tunnelUrlIn('Your tunnel is at https://x1.tunnels.dev.')).toBe('https://x1.tunnels.dev');
  });

  it('ignores documentation links, plain http, local names and half URLs', () => {
    for (const line of [
      '2025-01-02T03:04:05Z INF If you intend to use Tunnels in production you should use a pre-created named tunnel by following: https://developers.cloudflare.com/cloudflare-one/connections/connect-networks/',
      'Terms: https://www.cloudflare.com/website-terms/',
      'msg="starting web service" obj=web addr=http://127.0.0.1:4040',
      'url=http://abc.ngrok-free.app',
      'url=https://localhost:8080',
      'url=https://printer.local',
      'url=https://intranet',
      'https://a.example.com.evil.dev/path',
      'see https://trycloudflare.com?x=1',
      'Requesting new quick Tunnel on trycloudflare.com...',
    ]) {
      expect(tunnelUrlIn(line), line).toBeNull();
    }
  });
});
