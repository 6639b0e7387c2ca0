import { useCustomMutation } from "@refinedev/core";
import { App, Button, type FormInstance } from "antd";
import { useEffect, useState } from "react";

import type { JeecgHttpError } from "../../../providers/data-provider";

/**
 * 获取验证码: validates the phone field, asks `/sys/sms` for a code, then counts down 60 s. `smsmode`: "0" login,
 * "1" registration, "2" password recovery (contract.md §4.3).
 */
export function SmsButton({ form, field = "phone", smsmode }: { form: FormInstance; field?: string; smsmode: "0" | "1" | "2" }) {
  const { message } = App.useApp();
  const [left, setLeft] = useState(0);
  const { mutateAsync, mutation } = useCustomMutation();
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async () => {
    const values = await form.validateFields([field]).catch(() => undefined);
    if (!values) return;
    try {
      await mutateAsync({ url: "/sys/sms", method: "post", values: { mobile: values[field], smsmode }, successNotification: false, errorNotification: false });
      void message.success("验证码已发送");
      setLeft(60);
    } catch (error) {
      const failure = error as JeecgHttpError;
      if (!failure.notified) void message.warning(failure.message);
    }
  };

  return (
    <Button onClick={send} disabled={left > 0} loading={mutation.isPending} style={{ width: 110 }}>
      {left > 0 ? `${left} s` : "获取验证码"}
    </Button>
  );
}
