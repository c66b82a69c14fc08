import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { showToast } from "#app/components/toaster";
import { Button } from "#app/components/ui/button";

/**
 * Connect for platforms that sign in on their own site (WordPress.com, Wix).
 * Without JavaScript it is a link: the whole tab goes there and comes back.
 * With JavaScript it opens the platform in a popup (600x700; Wix's installer
 * 980x760), listens for the popup's message ({platform}_connected,
 * {platform}_oauth_error, or Wix's {provider: "wix", status: "installed"}),
 * checks every second whether the popup was closed, and re-reads the
 * connections. A blocked popup falls back to the same tab (Wix asks to allow
 * popups, as its installer needs one).
 */

const POPUP_SIZE = { wordpress_com: [600, 700], wix: [980, 760] } as const;
const BUSY_LIMIT_MS = 10 * 60_000;

type Platform = keyof typeof POPUP_SIZE;

function isPlatform(value: string): value is Platform {
  return value in POPUP_SIZE;
}

function openPopup(platform: Platform) {
  const [width, height] = POPUP_SIZE[platform];
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  return window.open("about:blank", `connect-${platform}`, `width=${width},height=${height},left=${left},top=${top}`);
}

export function OAuthConnectButton({ platform, name, href }: { platform: string; name: string; href: string }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const popupRef = useRef<Window | null>(null);

  useEffect(() => {
    if (!isPlatform(platform)) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !event.data || typeof event.data !== "object") return;
      const message = event.data as { type?: string; provider?: string; status?: string; error?: string };
      const connected =
        message.type === `${platform}_connected` || (platform === "wix" && message.provider === "wix" && message.status !== "error");
      const failed = message.type === `${platform}_oauth_error`;
      if (!connected && !failed) return;
      setBusy(false);
      if (failed)
        showToast({ type: "error", title: "Connection Failed", description: message.error ?? `Failed to start ${name} connection` });
      else showToast({ type: "success", title: "Connection successful", description: `${name} is connected.` });
      // Wix reports 'installed' before its status settles: read it again shortly after.
      setTimeout(() => void revalidator.revalidate(), platform === "wix" ? 500 : 0);
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [platform, name, revalidator]);

  useEffect(() => {
    if (!busy) return;
    const started = Date.now();
    const timer = setInterval(() => {
      const closed = !popupRef.current || popupRef.current.closed;
      if (closed || Date.now() - started > BUSY_LIMIT_MS) {
        clearInterval(timer);
        setBusy(false);
        setTimeout(() => void revalidator.revalidate(), 1000);
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [busy, revalidator]);

  async function connect(event: React.MouseEvent<HTMLAnchorElement>) {
    if (!isPlatform(platform)) return;
    event.preventDefault();
    const popup = openPopup(platform);
    if (!popup) {
      if (platform === "wix") {
        window.alert("Popup blocked! Please allow popups for this site and try again.");
        return;
      }
      window.location.assign(href);
      return;
    }
    popupRef.current = popup;
    setBusy(true);
    if (platform === "wordpress_com") {
      popup.location.href = `${href}?popup=1`;
      return;
    }
    try {
      const response = await fetch(href, { headers: { Accept: "application/json" } });
      const answer = (await response.json()) as { installerUrl?: string; error?: string };
      if (!answer.installerUrl) throw new Error(answer.error ?? "Connection failed");
      popup.location.href = answer.installerUrl;
    } catch (error) {
      popup.close();
      setBusy(false);
      showToast({ type: "error", title: "Connection Failed", description: error instanceof Error ? error.message : "Connection failed" });
    }
  }

  return (
    <Button asChild size="sm" aria-busy={busy}>
      <a href={href} onClick={(event) => void connect(event)} aria-label={`Connect ${name}`}>
        {busy ? "Connecting..." : "Connect"}
      </a>
    </Button>
  );
}
