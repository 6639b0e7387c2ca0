/**
 * 切换部门 (spec §4, §5; contract §4.7): loads the user's departments first; none → 您尚未设置部门信息!;
 * otherwise shows a required selection titled with the current department; on success stores the new
 * user info. Closable (close button, mask) only when asked.
 */
import { GoldOutlined } from "@ant-design/icons";
import { useCustomMutation, useDataProvider, useInvalidateAuthStore } from "@refinedev/core";
import { App, Avatar, Form, Modal, Select, Tooltip } from "antd";
import { forwardRef, useImperativeHandle, useState } from "react";

import type { CurrentUserDeparts, SysDepart, SysUser } from "../../../contract";
import type { JeecgHttpError } from "../../../providers/data-provider";
import { local, SESSION_TTL_MS, StorageKeys } from "../../../providers/storage";

export const DEPART_MODAL_WIDTH = 450;
export const NO_DEPART_MESSAGE = "您尚未设置部门信息!";

export interface DepartModalHandle {
  show(): Promise<void>;
}

export const departTitle = (current: SysDepart | undefined) =>
  current ? `部门切换（当前部门 : ${current.departName}）` : "部门选择";

export const DepartModal = forwardRef<DepartModalHandle, { closable?: boolean; username?: string }>(function DepartModal(
  { closable = false, username },
  ref,
) {
  const { message } = App.useApp();
  const dataProvider = useDataProvider();
  const invalidateAuth = useInvalidateAuthStore();
  const [departs, setDeparts] = useState<SysDepart[]>([]);
  const [current, setCurrent] = useState<SysDepart>();
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<string>();
  const [invalid, setInvalid] = useState(false);
  const { mutateAsync, mutation } = useCustomMutation();

  const clear = () => {
    setOpen(false);
    setDeparts([]);
    setSelected(undefined);
    setInvalid(false);
    setCurrent(undefined);
  };

  useImperativeHandle(ref, () => ({
    async show() {
      let result: CurrentUserDeparts;
      try {
        const response = await dataProvider().custom!<CurrentUserDeparts>({ url: "/sys/user/getCurrentUserDeparts", method: "get" });
        result = response.data;
      } catch (error) {
        const failure = error as JeecgHttpError;
        if (!failure.notified) void message.warning(failure.message);
        return;
      }
      const list = result?.list ?? [];
      if (list.length === 0) {
        void message.warning(NO_DEPART_MESSAGE);
        clear();
        return;
      }
      setDeparts(list);
      setCurrent(list.find((d) => d.orgCode === result.orgCode));
      setSelected(undefined);
      setInvalid(false);
      setOpen(true);
    },
  }));

  const confirm = async () => {
    if (!selected) {
      setInvalid(true);
      return;
    }
    try {
      const response = await mutateAsync({
        url: "/sys/selectDepart",
        method: "put",
        values: { orgCode: selected, username },
        successNotification: false,
        errorNotification: false,
      });
      const userInfo = (response.data as { userInfo?: SysUser }).userInfo;
      if (userInfo) local.set(StorageKeys.loginUserInfo, userInfo, SESSION_TTL_MS);
      invalidateAuth();
      clear();
    } catch (error) {
      const failure = error as JeecgHttpError;
      if (!failure.notified) void message.warning(failure.message);
    }
  };

  return (
    <Modal
      title={departTitle(current)}
      width={DEPART_MODAL_WIDTH}
      open={open}
      closable={closable}
      maskClosable={closable}
      keyboard={closable}
      onCancel={closable ? clear : undefined}
      onOk={confirm}
      okText="确认"
      cancelButtonProps={{ style: { display: closable ? undefined : "none" } }}
      cancelText="取消"
      confirmLoading={mutation.isPending}
    >
      <Form.Item
        label="部门"
        required
        validateStatus={invalid ? "error" : undefined}
        help={invalid ? "请选择登录部门" : undefined}
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 20 }}
        style={{ marginBottom: 8 }}
      >
        <div style={{ display: "flex", alignItems: "center", gap: 10 }}>
          <Tooltip title="您隶属于多部门，请选择当前所在部门">
            <Avatar style={{ backgroundColor: "#87d068", flex: "none" }} icon={<GoldOutlined />} />
          </Tooltip>
          <Select
            aria-label="部门"
            placeholder="请选择登录部门"
            style={{ flex: 1, minWidth: 0 }}
            value={selected}
            status={invalid ? "error" : undefined}
            onChange={(value: string) => {
              setSelected(value);
              setInvalid(false);
            }}
            options={departs.map((d) => ({ value: d.orgCode, label: d.departName }))}
          />
        </div>
      </Form.Item>
    </Modal>
  );
});
