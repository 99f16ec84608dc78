/** The staff console's lazy entry: only /staff routes import it (docs/architecture.md, Feature entry files). */

export { hasPermission, MISSING_TAG, Permission, usePermission } from './permission.tsx';
export { StaffConsole } from './screens/staff-console.tsx';
