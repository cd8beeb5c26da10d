// Delivery links of one asset: make one (its URL is shown this once, with a copy button),
// see them all with their state, and revoke one so it stops working at once.
import { Copy, Link } from 'lucide-react';
import { Button } from '../../components/Button.tsx';
import { useEffect, useId, useState } from 'react';
import { UPLOAD_LIMITS } from '../../../shared/limits.ts';
import { CopyError } from '../../components/CopyError.tsx';
import { useCopy } from '../../components/useCopy.ts';
import { useMedia } from '../../stores/mediaStore.ts';
import { dateTimeText } from '../../model/dateTimeText.ts';

const EXPIRIES = [
  { hours: 1, label: '1 hour' },
  { hours: 24, label: '1 day' },
  { hours: UPLOAD_LIMITS.deliveryLinkHours.default, label: '7 days' },
  { hours: UPLOAD_LIMITS.deliveryLinkHours.max, label: '30 days' },
] as const;

function FreshLink({ url }: { url: string }) {
  const dismiss = useMedia((s) => s.dismissFreshLink);
  const { copied, error, copy } = useCopy();
  const id = useId();
  return (
    <div className="media-fresh-link" role="status">
      <label htmlFor={id}>New link — copy it now: it is shown only once</label>
      <div className="media-fresh-link-row">
        <input id={id} readOnly value={url} onFocus={(e) => e.target.select()} />
        <Button variant="primary" icon={Copy} onClick={() => void copy(url)}>
          {copied ? 'Copied' : 'Copy link'}
        </Button>
        <Button onClick={dismiss} aria-label="Done: hide the new link">
          Done
        </Button>
      </div>
      <CopyError error={error} />
    </div>
  );
}

export function DeliveryLinks({ assetId }: { assetId: number }) {
  const links = useMedia((s) => s.links[assetId]);
  const fresh = useMedia((s) => (s.freshLink?.link.assetId === assetId ? s.freshLink : null));
  const loadLinks = useMedia((s) => s.loadLinks);
  const createLink = useMedia((s) => s.createLink);
  const revokeLink = useMedia((s) => s.revokeLink);
  const [hours, setHours] = useState<number>(UPLOAD_LIMITS.deliveryLinkHours.default);
  const [making, setMaking] = useState(false);
  const id = useId();

  useEffect(() => {
    void loadLinks(assetId);
  }, [assetId, loadLinks]);

  async function make() {
    setMaking(true);
    await createLink(assetId, hours);
    setMaking(false);
  }

  return (
    <section className="media-delivery-links" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Delivery links</h3>
      <p className="media-hint">Anyone holding a link can fetch this file until it expires or is revoked.</p>
      <div className="media-link-form">
        <label htmlFor={`${id}-expiry`}>Expires after</label>
        <select id={`${id}-expiry`} value={hours} onChange={(e) => setHours(Number(e.target.value))}>
          {EXPIRIES.map((e) => (
            <option key={e.hours} value={e.hours}>
              {e.label}
            </option>
          ))}
        </select>
        <Button icon={Link} onClick={() => void make()} disabled={making}>
          Create link
        </Button>
      </div>
      {fresh && <FreshLink url={fresh.url} />}
      {links && links.length > 0 && (
        <ul className="media-links" aria-label="Delivery links">
          {links.map((link) => (
            <li key={link.id}>
              <span>
                Link {link.id} · <span className={`link-state media-link-${link.state}`}>{link.state}</span>
                {link.state === 'active' && <> · expires {dateTimeText(link.expiresAt)}</>}
                {link.state === 'revoked' && <> · {dateTimeText(link.revokedAt)}</>}
              </span>
              {link.state === 'active' && (
                <Button onClick={() => void revokeLink(assetId, link.id)} aria-label={`Revoke link ${link.id}`}>
                  Revoke
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {links && links.length === 0 && <p className="media-hint">No links yet.</p>}
    </section>
  );
}
