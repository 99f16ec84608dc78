/** The staff console's lazy entry: only /staff routes import it (docs/architecture.md, Feature entry files). */

export { StaffConsole } from './gate.tsx';
export { hasPermission, MISSING_TAG, Permission, usePermission } from './permission.tsx';
