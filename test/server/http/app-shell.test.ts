import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '#server/http/security-headers.ts';
import { appConfigMeta } from '#server/http/app-shell.ts';

describe('what the page shell tells the browser', () => {
  it('passes chat link and analytics id as JSON that cannot break out of the attribute', () => {
    const meta = appConfigMeta({
      chatUrl: 'https://wa.me/1?text="hola"&x=<b>',
      gtmId: undefined,
      firmName: 'Ayuda & <Cía>',
    });
    expect(meta).toBe(
      '<meta name="app-config" content="{&quot;chatUrl&quot;:&quot;https://wa.me/1?text=\\&quot;hola\\&quot;&amp;x=&lt;b&gt;&quot;,&quot;gtmId&quot;:null,&quot;firmName&quot;:&quot;Ayuda &amp; &lt;Cía&gt;&quot;}">',
    );
  });

  it('names the tag manager in the policy only when the operator sets GTM_ID', () => {
    expect(contentSecurityPolicy(undefined)).not.toContain('googletagmanager');
    expect(contentSecurityPolicy('GTM-ABC')).toContain("script-src 'self' https://www.googletagmanager.com");
  });
});
