// The launcher lives beside the scripts that also drive Chromium (scripts/export-icons.ts).
export {
  launchChromium,
  launchPersistentChromium,
  launchSparticuzChromium,
  type LaunchedChromium as TestBrowser,
} from '../../scripts/launch-chromium.ts';
