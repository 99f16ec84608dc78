/** The shop's screens, imported only by the lazy /recharge and /vip route components. */
export { RechargePage } from './screens/recharge-page.tsx';
export { VipPage } from './screens/vip-page.tsx';
