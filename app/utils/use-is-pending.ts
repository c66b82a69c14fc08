import { useFormAction, useNavigation } from "react-router";

/** True while this route's form (or the given action) is submitting. */
export function useIsPending({ formAction, formMethod = "POST" }: { formAction?: string; formMethod?: string } = {}) {
  const contextual = useFormAction();
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formAction === (formAction ?? contextual) && navigation.formMethod === formMethod;
}
