/**
 * The friend panel's gift dialogs (docs/product.md, Commerce): send characters, send gold coins, and the membership
 * dialog ('Upgrade'). 941 px wide on a desktop (926 for membership), the full width on a phone, layer 1990.
 */
import { useLingui } from '@lingui/react/macro';
import { useScreenCatalog } from '#lib/screen-catalog.ts';
import { isolate } from '#ui/bidi.ts';
import { Dialog } from '#ui/dialog.tsx';
import { CatalogueGate } from './catalogue-gate.tsx';
import type { Recipient } from './checkout.tsx';
import { MembershipPurchase } from './membership-purchase.tsx';
import { PackagePurchase } from './package-purchase.tsx';
import './shop.css';

export type GiftKind = 'characters' | 'gold' | 'membership';

export interface GiftDialogProps {
  kind: GiftKind;
  recipient: Recipient;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function GiftDialogView({ kind, recipient, open, onOpenChange }: GiftDialogProps) {
  const { t } = useLingui();
  const name = isolate(recipient.name);
  const title =
    kind === 'characters'
      ? t`Send characters for ${name}`
      : kind === 'gold'
        ? t`Send gold coins for ${name}`
        : t`Upgrade for ${name}`;
  const done = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} size={kind === 'membership' ? 'membership' : 'lg'}>
      <CatalogueGate>
        {(catalogue, canPay) =>
          kind === 'membership' ? (
            <MembershipPurchase catalogue={catalogue} recipient={recipient} canPay={canPay} onPaid={done} />
          ) : (
            <PackagePurchase
              kind={kind === 'characters' ? 'character' : 'gold'}
              catalogue={catalogue}
              recipient={recipient}
              canPay={canPay}
              legend={kind === 'characters' ? t`Choose a character package` : t`Choose a gold package`}
              onPaid={done}
            />
          )
        }
      </CatalogueGate>
    </Dialog>
  );
}

export function GiftDialog(props: GiftDialogProps) {
  // The dialog's texts are in the screens catalog: it opens once they are in (a few ms from the cache).
  return useScreenCatalog() ? <GiftDialogView {...props} /> : null;
}
