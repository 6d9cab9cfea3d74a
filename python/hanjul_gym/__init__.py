"""HanJul as Gymnasium environments (``hanjul/HanJul-v0``, ``hanjul/HanJulKeys-v0``), vector
environments (``HanJulBatchVectorEnv``, many games per ``hanjul serve`` process, which
``gym.make_vec`` builds; ``HanJulVectorEnv``, a process per game), an after-state features
wrapper, and a PettingZoo versus environment (``hanjul_gym.versus``)."""

from .client import DEFAULT_TIMEOUT, ProtocolError, Server, find_hanjul
from .env import HanJulEnv
from .vector import HanJulVectorEnv
from .batch import HanJulBatchVectorEnv
from .wrappers import AfterStateFeatures

__all__ = ["AfterStateFeatures", "HanJulBatchVectorEnv", "DEFAULT_TIMEOUT", "HanJulEnv", "HanJulVectorEnv", "ProtocolError", "Server", "find_hanjul",
           "register_envs"]


def register_envs() -> None:
    import gymnasium as gym
    if "hanjul/HanJul-v0" in gym.registry:
        return
    gym.register(id="hanjul/HanJul-v0", entry_point="hanjul_gym.env:HanJulEnv",
                 vector_entry_point="hanjul_gym.batch:HanJulBatchVectorEnv", kwargs={"action_mode": "placement"})
    gym.register(id="hanjul/HanJulKeys-v0", entry_point="hanjul_gym.env:HanJulEnv",
                 vector_entry_point="hanjul_gym.batch:HanJulBatchVectorEnv", kwargs={"action_mode": "keys"})


register_envs()
