import { coldBrew } from "./cold-brew";
import { espresso } from "./espresso";
import { ethiopian } from "./ethiopian";
import { frenchPress } from "./french-press";
import { grindSize } from "./grind-size";
import { pourOver } from "./pour-over";
import { storingBeans } from "./storing-beans";
import { subscription } from "./subscription";

export type { DemoArticle } from "./types";

/** Oldest first: the order they were written in, so the usage history follows them. */
export const DEMO_ARTICLES = [pourOver, coldBrew, grindSize, ethiopian, espresso, frenchPress, subscription, storingBeans];
